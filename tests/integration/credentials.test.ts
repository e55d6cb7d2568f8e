import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../worker/domain/rate-limits';
import { accountRow } from '../support/account';
import { clearsSessionCookie, logIn, logInOk, verifyAuthStatus } from '../support/auth';
import { type CallOptions, call, errorCode, GOOD_PASSWORD, sessionCookieFrom, signUp } from '../support/client';
import { insertSessionCookie, insertUser, passwordAccount, sessionRow, sessionsOf } from '../support/db';
import { openLiveFor } from '../support/live';
import { awaitRoomInWindow, expectRetryAfterWithin, letWindowPass } from '../support/rate-limit';
import { sleep } from '../support/wait';

const NEW_PASSWORD = 'a brand new and private phrase';
const SLOW = 30_000;

function changePassword(
  cookie: string | null,
  body: unknown,
  options: Omit<CallOptions, 'method' | 'body' | 'cookie'> = {},
): Promise<Response> {
  return call('/api/changePassword', { ...options, method: 'POST', cookie, body });
}

function logoutEverywhere(cookie: string | null, options: Omit<CallOptions, 'method' | 'cookie'> = {}): Promise<Response> {
  return call('/api/logoutEverywhere', { ...options, method: 'POST', cookie });
}

describe('POST /api/changePassword', () => {
  it('changes the password: the old one no longer signs in, the new one does', async () => {
    const { email, cookie } = await signUp();
    const response = await changePassword(cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ changed: true });

    const old = await logIn(email, GOOD_PASSWORD);
    expect(old.response.status).toBe(401);
    expect(await errorCode(old.response)).toBe('INVALID_CREDENTIALS');
    expect((await logIn(email, NEW_PASSWORD)).response.status).toBe(200);
  });

  it('ends every other session (cookies and live sockets) and gives the caller a new session', async () => {
    const { email, userId, cookie: caller } = await passwordAccount();
    const otherBrowser = await logInOk(email);
    const thirdBrowser = await insertSessionCookie(userId);
    const otherSockets = [await openLiveFor(otherBrowser), await openLiveFor(thirdBrowser)];
    const callerSocket = await openLiveFor(caller);
    const stranger = await insertUser();
    const strangerCookie = await insertSessionCookie(stranger.id);
    const strangerSocket = await openLiveFor(strangerCookie);

    const response = await changePassword(caller, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    const renewed = sessionCookieFrom(response);
    expect(renewed).not.toBeNull();
    expect(renewed).not.toBe(caller);

    for (const cookie of [otherBrowser, thirdBrowser, caller]) expect(await verifyAuthStatus(cookie)).toBe(401);
    for (const socket of otherSockets) expect((await socket.waitForClose()).code).toBe(4001);
    expect(await verifyAuthStatus(renewed)).toBe(200);
    expect(await sessionsOf(userId)).toEqual([await sessionRow(renewed!)]);
    // The caller's open page stays live, now under its new session: signing out closes it.
    await sleep(50);
    expect(callerSocket.closeInfo).toBeNull();
    const reopened = await openLiveFor(renewed!);
    expect(reopened.closeInfo).toBeNull();
    expect((await call('/api/logout', { method: 'POST', cookie: renewed })).status).toBe(200);
    expect((await callerSocket.waitForClose()).code).toBe(4001);

    // Another user is untouched.
    expect(await verifyAuthStatus(strangerCookie)).toBe(200);
    await sleep(50);
    expect(strangerSocket.closeInfo).toBeNull();
  });

  it('answers 400 INVALID_CURRENT_PASSWORD for a wrong current password, and changes nothing', async () => {
    const { email, userId, cookie } = await passwordAccount();
    const other = await insertSessionCookie(userId);
    const hashBefore = (await accountRow(userId)).password_hash;
    const response = await changePassword(cookie, { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_CURRENT_PASSWORD');
    expect(sessionCookieFrom(response)).toBeNull();
    expect((await accountRow(userId)).password_hash).toBe(hashBefore);
    expect(await verifyAuthStatus(cookie)).toBe(200);
    expect(await verifyAuthStatus(other)).toBe(200);
    expect((await logIn(email, GOOD_PASSWORD)).response.status).toBe(200);
  });

  it.each([
    ['a new password under 8 characters', { currentPassword: GOOD_PASSWORD, newPassword: 'short' }],
    ['a new password over 128 characters', { currentPassword: GOOD_PASSWORD, newPassword: 'x'.repeat(129) }],
    ['a common new password', { currentPassword: GOOD_PASSWORD, newPassword: 'password123' }],
    ['a common new password in other case', { currentPassword: GOOD_PASSWORD, newPassword: 'PassWord123' }],
    ['no current password', { newPassword: NEW_PASSWORD }],
    ['an empty current password', { currentPassword: '', newPassword: NEW_PASSWORD }],
    ['no new password', { currentPassword: GOOD_PASSWORD }],
    ['a new password that is a number', { currentPassword: GOOD_PASSWORD, newPassword: 12345678 }],
    ['an empty object', {}],
    ['a list', [GOOD_PASSWORD, NEW_PASSWORD]],
    ['JSON null', null],
  ])('answers 400 OTHER (spec §5) for %s, and changes nothing', async (_label, body) => {
    const { userId, cookie } = await passwordAccount();
    const hashBefore = (await accountRow(userId)).password_hash;
    const response = await changePassword(cookie, JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
    expect((await accountRow(userId)).password_hash).toBe(hashBefore);
    expect(await verifyAuthStatus(cookie)).toBe(200);
  });

  it('answers 400 OTHER (spec §5) for a body that is not JSON', async () => {
    const { cookie } = await passwordAccount();
    const response = await changePassword(cookie, '{"currentPassword": ');
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
  });

  it('says which rule a refused new password broke, though the code is OTHER', async () => {
    const { cookie } = await passwordAccount();
    const weak = await changePassword(cookie, { currentPassword: GOOD_PASSWORD, newPassword: 'short' });
    expect(((await weak.json()) as { error: { message: string } }).error.message).toMatch(/8 to 128/);
    const common = await changePassword(cookie, { currentPassword: GOOD_PASSWORD, newPassword: 'password123' });
    expect(((await common.json()) as { error: { message: string } }).error.message).toMatch(/common/);
  });

  it.each([
    ['a common one', 'password123'],
    ['one that is too short', 'short'],
  ])(
    'checks the current password first (spec §5): a wrong one with a new password that is %s is INVALID_CURRENT_PASSWORD',
    async (_label, newPassword) => {
      const { cookie } = await passwordAccount();
      const response = await changePassword(cookie, { currentPassword: 'not my password', newPassword });
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_CURRENT_PASSWORD');
    },
  );

  it('answers 400 OTHER for an account that signs in only with Google (it has no password to check)', async () => {
    const user = await insertUser({ passwordHash: null });
    const cookie = await insertSessionCookie(user.id);
    const response = await changePassword(cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('OTHER');
    expect((await accountRow(user.id)).password_hash).toBeNull();
    expect(await verifyAuthStatus(cookie)).toBe(200);
  });

  it(
    'answers 429 OTHER with Retry-After to the 11th attempt within 15 minutes, even with the right password',
    async () => {
      const { windowMs, limit } = RATE_LIMITS['password-check-account'];
      await awaitRoomInWindow(windowMs);
      const { email, userId, cookie } = await passwordAccount();
      for (let i = 0; i < limit; i++) {
        const wrong = await changePassword(cookie, { currentPassword: `wrong guess ${i}`, newPassword: NEW_PASSWORD });
        expect(wrong.status).toBe(400);
        expect(await errorCode(wrong)).toBe('INVALID_CURRENT_PASSWORD');
      }
      const hashBefore = (await accountRow(userId)).password_hash;
      for (const currentPassword of ['wrong guess again', GOOD_PASSWORD]) {
        const limited = await changePassword(cookie, { currentPassword, newPassword: NEW_PASSWORD });
        expect(limited.status).toBe(429);
        expect(await errorCode(limited)).toBe('OTHER');
        expectRetryAfterWithin(limited, windowMs);
      }
      expect((await accountRow(userId)).password_hash).toBe(hashBefore);
      // The limit is on changing the password, not on the session or on signing in.
      expect(await verifyAuthStatus(cookie)).toBe(200);
      expect((await logIn(email, GOOD_PASSWORD)).response.status).toBe(200);

      // Once the window has passed (moved back here), the owner can change it: nothing locks for good.
      await letWindowPass('password-check-account', userId);
      const later = await changePassword(cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
      expect(later.status).toBe(200);
    },
    SLOW,
  );

  it(
    "counts each account on its own: one user's spent attempts do not limit another",
    async () => {
      const { windowMs, limit } = RATE_LIMITS['password-check-account'];
      await awaitRoomInWindow(windowMs);
      // An account with no password spends its attempts without any hashing (each is OTHER, then 429).
      const spent = await insertUser({ passwordHash: null });
      const spentCookie = await insertSessionCookie(spent.id);
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++) {
        statuses.push((await changePassword(spentCookie, { currentPassword: 'anything', newPassword: NEW_PASSWORD })).status);
      }
      expect(statuses).toEqual([...Array<number>(limit).fill(400), 429]);
      const fresh = await passwordAccount();
      const response = await changePassword(fresh.cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
      expect(response.status).toBe(200);
    },
    SLOW,
  );

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await changePassword(null, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 CROSS_ORIGIN, and changes nothing', async (_label, headers) => {
    const { email, userId, cookie } = await passwordAccount();
    const response = await changePassword(cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD }, { headers });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(await sessionsOf(userId)).toHaveLength(1);
    expect((await logIn(email, GOOD_PASSWORD)).response.status).toBe(200);
  });
});

describe('POST /api/logoutEverywhere', () => {
  it("ends every session of the user, the caller's included, clears the cookie and closes every socket", async () => {
    const { email, userId, cookie: caller } = await passwordAccount();
    const otherBrowser = await logInOk(email);
    const thirdBrowser = await insertSessionCookie(userId);
    const sockets = [await openLiveFor(caller), await openLiveFor(otherBrowser), await openLiveFor(thirdBrowser)];

    const response = await logoutEverywhere(caller);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedOut: true });
    expect(clearsSessionCookie(response)).toBe(true);
    expect(sessionCookieFrom(response)).toBeNull();

    for (const cookie of [caller, otherBrowser, thirdBrowser]) expect(await verifyAuthStatus(cookie)).toBe(401);
    for (const socket of sockets) expect((await socket.waitForClose()).code).toBe(4001);
    expect(await sessionsOf(userId)).toEqual([]);
    // Signing in again works as before.
    expect((await logIn(email, GOOD_PASSWORD)).response.status).toBe(200);
  });

  it("leaves other users' sessions alone", async () => {
    const { cookie } = await passwordAccount();
    const stranger = await insertUser();
    const strangerCookie = await insertSessionCookie(stranger.id);
    const strangerSocket = await openLiveFor(strangerCookie);
    expect((await logoutEverywhere(cookie)).status).toBe(200);
    expect(await verifyAuthStatus(strangerCookie)).toBe(200);
    await sleep(50);
    expect(strangerSocket.closeInfo).toBeNull();
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await logoutEverywhere(null);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 CROSS_ORIGIN: every session stays', async (_label, headers) => {
    const { userId, cookie } = await passwordAccount();
    const other = await insertSessionCookie(userId);
    const socket = await openLiveFor(other);
    const response = await logoutEverywhere(cookie, { headers });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(await sessionsOf(userId)).toHaveLength(2);
    await sleep(50);
    expect(socket.closeInfo).toBeNull();
  });
});
