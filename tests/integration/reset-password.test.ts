import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LIVE_CLOSE_SESSION_ENDED } from '../../src/common/live-messages';
import { isCommonPassword } from '../../worker/auth/common-passwords';
import { generateToken } from '../../worker/crypto/tokens';
import { logIn, logInOk, verifyAuthStatus } from '../support/auth';
import { call, errorCode, GOOD_PASSWORD, sessionCookieFrom, signUp } from '../support/client';
import { insertUser, sessionsOf } from '../support/db';
import { openLiveFor } from '../support/live';
import { requestResetToken, resetPassword, resetTokenRow, resetTokensOf } from '../support/recovery';

// POST /api/resetPassword with a link from POST /api/forgotPassword (read from the dev outbox).

const NEW_PASSWORD = 'a brand new passphrase';

async function expectInvalidLink(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(await errorCode(response)).toBe('INVALID_RESET_LINK');
  expect(sessionCookieFrom(response)).toBeNull();
}

describe('POST /api/resetPassword', () => {
  it('sets the new password, ends every session and live page, and signs this browser in', async () => {
    const { email, userId, cookie: signUpCookie } = await signUp();
    const otherDevice = await logInOk(email);
    const otherPage = await openLiveFor(otherDevice);
    const token = await requestResetToken(email);

    const response = await resetPassword(token, NEW_PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: { id: userId, email, displayName: null }, redirect: '/dashboard' });
    const fresh = sessionCookieFrom(response);
    expect(fresh).not.toBeNull();

    expect(await verifyAuthStatus(fresh)).toBe(200);
    expect(await verifyAuthStatus(signUpCookie)).toBe(401);
    expect(await verifyAuthStatus(otherDevice)).toBe(401);
    expect(await sessionsOf(userId)).toHaveLength(1);
    expect((await otherPage.waitForClose()).code).toBe(LIVE_CLOSE_SESSION_ENDED);

    expect((await logIn(email, GOOD_PASSWORD)).response.status).toBe(401);
    expect((await logIn(email, NEW_PASSWORD)).response.status).toBe(200);
  });

  it('works once: the same link a second time answers 400 INVALID_RESET_LINK', async () => {
    const { email } = await signUp();
    const token = await requestResetToken(email);
    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);
    await expectInvalidLink(await resetPassword(token, 'yet another passphrase'));
    expect((await logIn(email, NEW_PASSWORD)).response.status).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const { email } = await signUp();
    const token = await requestResetToken(email);
    const answers = await Promise.all([resetPassword(token, 'first racing passphrase'), resetPassword(token, 'second racing passphrase')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'first racing passphrase' : 'second racing passphrase';
    expect((await logIn(email, winner)).response.status).toBe(200);
  });

  it('returns to the same-site path given when the link was asked for', async () => {
    const { email } = await signUp();
    const token = await requestResetToken(email, '/settings?tab=security');
    const response = await resetPassword(token, NEW_PASSWORD);
    expect(((await response.json()) as { redirect: string }).redirect).toBe('/settings?tab=security');
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { email, userId } = await signUp();
    const token = await requestResetToken(email);
    await env.DB.prepare('UPDATE email_tokens SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, userId)
      .run();
    await expectInvalidLink(await resetPassword(token, NEW_PASSWORD));
    expect((await logIn(email, GOOD_PASSWORD)).response.status).toBe(200);
  });

  it.each([
    ['a made-up token of the right shape', generateToken()],
    ['a token of the wrong shape', 'abc'],
    ['an empty token', ''],
  ])('refuses %s with 400 INVALID_RESET_LINK', async (_label, token) => {
    await expectInvalidLink(await resetPassword(token, NEW_PASSWORD));
  });

  it('refuses the digest stored in the database in place of the token', async () => {
    const { email, userId } = await signUp();
    await requestResetToken(email);
    const [row] = await resetTokensOf(userId);
    // A hex digest is 64 characters: it never even has the shape of a token.
    await expectInvalidLink(await resetPassword(row!.id, NEW_PASSWORD));
  });

  it.each([
    ['too short', 'short', 'WEAK_PASSWORD'],
    ['too long', 'x'.repeat(129), 'WEAK_PASSWORD'],
    ['common', 'iloveyou', 'COMMON_PASSWORD'],
  ])('refuses a new password that is %s and keeps the link usable', async (_label, password, code) => {
    if (code === 'COMMON_PASSWORD') expect(isCommonPassword(password)).toBe(true);
    const { email } = await signUp();
    const token = await requestResetToken(email);
    const response = await resetPassword(token, password);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe(code);
    expect((await resetTokenRow(token))!.used_at).toBeNull();
    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);
  });

  it('lets an account that only signs in with Google set a first password', async () => {
    const user = await insertUser({ passwordHash: null });
    await env.DB.prepare('UPDATE users SET google_subject = ? WHERE id = ?').bind(`g-${user.id}`, user.id).run();
    const token = await requestResetToken(user.email);
    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);
    expect((await logIn(user.email, NEW_PASSWORD)).response.status).toBe(200);
  });

  it('refuses a link once the account is being deleted', async () => {
    const { email, userId } = await signUp();
    const token = await requestResetToken(email);
    await env.DB.prepare('UPDATE users SET deleting_at = ? WHERE id = ?').bind(Date.now(), userId).run();
    await expectInvalidLink(await resetPassword(token, NEW_PASSWORD));
  });

  it('signs a browser that held another account into the account of the link', async () => {
    const other = await signUp();
    const { email, userId } = await signUp();
    const token = await requestResetToken(email);
    const response = await resetPassword(token, NEW_PASSWORD, { cookie: other.cookie });
    expect(response.status).toBe(200);
    expect(await verifyAuthStatus(other.cookie)).toBe(401);
    const me = await call('/api/verifyAuth', { method: 'POST', cookie: sessionCookieFrom(response) });
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(userId);
  });

  it('refuses a request from another site: 403 CROSS_ORIGIN, the link stays unused', async () => {
    const { email } = await signUp();
    const token = await requestResetToken(email);
    const response = await resetPassword(token, NEW_PASSWORD, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
    expect((await resetTokenRow(token))!.used_at).toBeNull();
  });
});
