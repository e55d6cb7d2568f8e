import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearsSessionCookie, logIn, logInOk, sessionSetCookie, verifyAuthStatus } from '../support/auth';
import { call, errorCode, GOOD_PASSWORD, ORIGIN, signUp, uniqueEmail } from '../support/client';
import {
  hashTestPassword,
  insertSessionCookie,
  insertUser,
  sessionRow,
  sessionsOf,
  setSessionExpiry,
  tokenOf,
  userRow,
} from '../support/db';

const DAY = 24 * 60 * 60 * 1000;

// One account for the tests that only sign in to it; each test works with its own sessions.
let shared: { email: string; userId: string };

beforeAll(async () => {
  const { email, userId } = await signUp(uniqueEmail('login'));
  shared = { email, userId };
});

function cookieExpires(setCookie: string): number {
  const match = /Expires=([^;]+)/i.exec(setCookie);
  if (!match?.[1]) throw new Error(`no Expires in ${setCookie}`);
  return Date.parse(match[1]);
}

describe('POST /api/login', () => {
  it('signs in: 200, the user, and a session cookie that works', async () => {
    const before = Date.now();
    const { response, cookie } = await logIn(shared.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: { id: shared.userId, email: shared.email, displayName: null } });
    const setCookie = sessionSetCookie(response)!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(cookieExpires(setCookie)).toBeGreaterThan(before + 29 * DAY);
    expect(cookie).not.toBeNull();
    const row = await sessionRow(cookie!);
    expect(row?.user_id).toBe(shared.userId);
    expect(row!.expires_at).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(row!.expires_at).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    expect(await verifyAuthStatus(cookie)).toBe(200);
  });

  it('takes the e-mail whatever its case and surrounding spaces', async () => {
    const { response, cookie } = await logIn(`  ${shared.email.toUpperCase()}\t`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string; email: string } };
    expect(body.user).toMatchObject({ id: shared.userId, email: shared.email });
    expect(cookie).not.toBeNull();
  });

  it('answers a wrong password and an unknown e-mail alike: 401 INVALID_CREDENTIALS, no session', async () => {
    const sessionsBefore = (await sessionsOf(shared.userId)).length;
    const wrongPassword = await logIn(shared.email, 'not the password at all');
    const unknownEmail = await logIn(uniqueEmail('nobody'), GOOD_PASSWORD);
    for (const attempt of [wrongPassword, unknownEmail]) {
      expect(attempt.response.status).toBe(401);
      expect(attempt.cookie).toBeNull();
      expect(sessionSetCookie(attempt.response)).toBeUndefined();
    }
    const [wrongBody, unknownBody] = [await wrongPassword.response.text(), await unknownEmail.response.text()];
    expect(JSON.parse(wrongBody)).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
    expect(unknownBody).toBe(wrongBody);
    expect((await sessionsOf(shared.userId)).length).toBe(sessionsBefore);
  });

  it('answers 401 INVALID_CREDENTIALS for an account that has no password (Google only)', async () => {
    const user = await insertUser({ passwordHash: null });
    const { response, cookie } = await logIn(user.email, GOOD_PASSWORD);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('INVALID_CREDENTIALS');
    expect(cookie).toBeNull();
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('lets an old account sign in with a password shorter than sign-up now allows', async () => {
    const user = await insertUser({ passwordHash: await hashTestPassword('abc') });
    const { response } = await logIn(user.email, 'abc');
    expect(response.status).toBe(200);
  });

  it.each([
    ['an empty object', {}, 'INVALID_EMAIL'],
    ['no password', { email: 'someone@example.com' }, 'INVALID_INPUT'],
    ['no e-mail', { password: GOOD_PASSWORD }, 'INVALID_EMAIL'],
    ['an e-mail that is not one', { email: 'not-an-email', password: GOOD_PASSWORD }, 'INVALID_EMAIL'],
    ['an e-mail that is a number', { email: 42, password: GOOD_PASSWORD }, 'INVALID_EMAIL'],
    ['an e-mail that is an array', { email: ['a@example.com'], password: GOOD_PASSWORD }, 'INVALID_EMAIL'],
    ['a password that is a number', { email: 'someone@example.com', password: 12345678 }, 'INVALID_INPUT'],
    ['a password that is null', { email: 'someone@example.com', password: null }, 'INVALID_INPUT'],
    ['an empty password', { email: 'someone@example.com', password: '' }, 'INVALID_INPUT'],
    ['a password over 1024 characters', { email: 'someone@example.com', password: 'p'.repeat(1025) }, 'INVALID_INPUT'],
    ['an array', [1, 2, 3], 'INVALID_INPUT'],
    ['JSON null', null, 'INVALID_INPUT'],
    ['a JSON string', 'just a string', 'INVALID_INPUT'],
  ])('answers 400 for %s', async (_label, body, code) => {
    const response = await call('/api/login', { method: 'POST', body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe(code);
    expect(sessionSetCookie(response)).toBeUndefined();
  });

  it.each([
    ['cut-off JSON', '{"email": '],
    ['an empty body', ''],
    ['plain words', 'email=a@example.com&password=x'],
  ])('answers 400 MALFORMED_BODY for %s', async (_label, body) => {
    const response = await call('/api/login', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('MALFORMED_BODY');
  });

  it('replaces the session it is sent with: a new token each time, the old one dead', async () => {
    const { email, cookie: first, userId } = await signUp();
    const second = await logInOk(email, { cookie: first });
    const third = await logInOk(email, { cookie: second });
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await verifyAuthStatus(first)).toBe(401);
    expect(await verifyAuthStatus(second)).toBe(401);
    expect(await verifyAuthStatus(third)).toBe(200);
    const rows = await sessionsOf(userId);
    expect(rows).toHaveLength(1);
    // The database holds only digests of the tokens, never a token itself.
    const stored = JSON.stringify(rows);
    for (const cookie of [first, second, third]) expect(stored).not.toContain(tokenOf(cookie));
  });

  it('leaves the sessions of other browsers alone', async () => {
    const { email, cookie: firstBrowser, userId } = await signUp();
    const secondBrowser = await logInOk(email);
    expect(await verifyAuthStatus(firstBrowser)).toBe(200);
    expect(await verifyAuthStatus(secondBrowser)).toBe(200);
    expect(await sessionsOf(userId)).toHaveLength(2);
  });

  it("ends the first account's session when someone else signs in from the same browser", async () => {
    const first = await signUp();
    const secondCookie = await logInOk(shared.email, { cookie: first.cookie });
    expect(await verifyAuthStatus(first.cookie)).toBe(401);
    expect(await sessionsOf(first.userId)).toHaveLength(0);
    const response = await call('/api/verifyAuth', { method: 'POST', cookie: secondCookie });
    expect(((await response.json()) as { user: { id: string } }).user.id).toBe(shared.userId);
  });

  it('records the time of the sign-in in users.last_sign_in_at', async () => {
    await env.DB.prepare('UPDATE users SET last_sign_in_at = 0 WHERE id = ?').bind(shared.userId).run();
    const before = Date.now();
    await logInOk(shared.email);
    const after = Date.now();
    const user = await userRow(shared.userId);
    expect(user!.last_sign_in_at).toBeGreaterThanOrEqual(before);
    expect(user!.last_sign_in_at).toBeLessThanOrEqual(after);
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['the right host on another scheme', { origin: 'https://localhost:8787' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a sign-in with %s: 403 CROSS_ORIGIN and no session', async (_label, headers) => {
    await env.DB.prepare('UPDATE users SET last_sign_in_at = 0 WHERE id = ?').bind(shared.userId).run();
    const sessionsBefore = (await sessionsOf(shared.userId)).length;
    const { response, cookie } = await logIn(shared.email, GOOD_PASSWORD, { headers });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(cookie).toBeNull();
    expect((await sessionsOf(shared.userId)).length).toBe(sessionsBefore);
    expect((await userRow(shared.userId))!.last_sign_in_at).toBe(0);
  });

  it('refuses a sign-in that carries neither Origin nor Sec-Fetch-Site', async () => {
    const response = await exports.default.fetch(
      new Request(`${ORIGIN}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: shared.email, password: GOOD_PASSWORD }),
      }),
    );
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect(sessionSetCookie(response)).toBeUndefined();
  });
});

describe('sliding session expiry', () => {
  it('extends a session with less than 15 days left and sends the cookie again', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    await setSessionExpiry(cookie, Date.now() + 10 * DAY);
    const before = Date.now();
    const response = await call('/api/verifyAuth', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    const setCookie = sessionSetCookie(response);
    expect(setCookie?.split(';')[0]).toBe(cookie);
    const row = await sessionRow(cookie);
    expect(row!.expires_at).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(row!.expires_at).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    // HTTP dates have whole seconds.
    expect(Math.abs(cookieExpires(setCookie!) - row!.expires_at)).toBeLessThan(1000);
  });

  it('leaves a session with more than 15 days left as it is', async () => {
    const cookie = await insertSessionCookie(shared.userId);
    const expiresAt = Date.now() + 20 * DAY;
    await setSessionExpiry(cookie, expiresAt);
    const response = await call('/api/verifyAuth', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    expect(sessionSetCookie(response)).toBeUndefined();
    expect((await sessionRow(cookie))!.expires_at).toBe(expiresAt);
  });

  it('also extends the session on a GET that needs no sign-in', async () => {
    const cookie = await insertSessionCookie(shared.userId, { expiresAt: Date.now() + DAY });
    const response = await call(`/api/checkIfEmailExists?email=${encodeURIComponent(shared.email)}`, { cookie });
    expect(response.status).toBe(200);
    expect(sessionSetCookie(response)?.split(';')[0]).toBe(cookie);
    expect((await sessionRow(cookie))!.expires_at).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it.each([
    ['a moment ago', -1],
    ['a year ago', -365 * DAY],
  ])('refuses a session that expired %s: 401, row deleted, cookie cleared', async (_label, offset) => {
    const cookie = await insertSessionCookie(shared.userId);
    await setSessionExpiry(cookie, Date.now() + offset);
    const response = await call('/api/verifyAuth', { method: 'POST', cookie });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    expect(clearsSessionCookie(response)).toBe(true);
    expect(await sessionRow(cookie)).toBeNull();
  });

  it("drops the user's expired sessions when they sign in again", async () => {
    const { email, userId } = await signUp();
    const stale = await insertSessionCookie(userId, { expiresAt: Date.now() - DAY });
    await logInOk(email);
    expect(await sessionRow(stale)).toBeNull();
    // The sign-up session and the new one remain.
    expect(await sessionsOf(userId)).toHaveLength(2);
  });
});
