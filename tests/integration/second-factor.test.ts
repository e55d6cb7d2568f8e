import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../worker/auth/password';
import { getDb } from '../../worker/db/client';
import { deleteUserRecords } from '../../worker/db/queries/account-deletion';
import { logIn, verifyAuthStatus } from '../support/auth';
import { call, errorCode, sessionCookieFrom, signUp, uniqueEmail } from '../support/client';
import { googleLogIn, googleToken } from '../support/google';
import { from } from '../support/rate-limit';
import { mailTo, requestResetToken, resetPassword } from '../support/recovery';
import { accountWithApp, appCode, passwordStep, pendingCookieFrom, turnOnApp, verifySignIn } from '../support/second-factor';

// The authenticator app and recovery codes (decision 044): set-up, the sign-in's second step, the
// waiting sign-in that reaches nothing else, reset by e-mail, limits, mails.

async function userRow(userId: string) {
  return env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(userId).first<{ password_hash: string }>();
}

describe('setting up the authenticator app', () => {
  it('shows a 160-bit secret and a QR code, turns on only with a right code, and hands out 10 codes', async () => {
    const { cookie, userId, email } = await signUp(uniqueEmail('setup'));
    const setup = await call('/api/startAppSetup', { method: 'POST', cookie });
    expect(setup.status).toBe(200);
    const body = (await setup.json()) as { keyUri: string; secretText: string; qr: { size: number; path: string } };
    const secret = new URL(body.keyUri).searchParams.get('secret')!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.secretText.replace(/ /g, '')).toBe(secret);
    expect(body.qr.size).toBeGreaterThan(20);
    // Sealed at rest: the database holds neither the base32 secret nor anything that reads as it.
    const row = await env.DB.prepare('SELECT secret_sealed, confirmed_at FROM app_factors WHERE user_id = ?')
      .bind(userId)
      .first<{ secret_sealed: string; confirmed_at: number | null }>();
    expect(row?.confirmed_at).toBeNull();
    expect(row?.secret_sealed).not.toContain(secret);
    // Not on yet: signing in asks for the password only.
    expect((await logIn(email)).response.status).toBe(200);

    const wrong = await call('/api/confirmAppSetup', { method: 'POST', cookie, body: { code: '000000' } });
    expect([400, 201]).toContain(wrong.status); // one in a million, 000000 is right
    if (wrong.status === 400) expect(await errorCode(wrong)).toBe('INVALID_CODE');
    const { secretOf } = await import('../support/second-factor');
    const confirmed = await call('/api/confirmAppSetup', { method: 'POST', cookie, body: { code: appCode(secretOf(body.keyUri)) } });
    expect(confirmed.status).toBe(201);
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await env.DB.prepare('SELECT id FROM recovery_codes WHERE user_id = ?').bind(userId).all<{ id: string }>();
    expect(stored.results).toHaveLength(10);
    for (const { id } of stored.results) expect(recoveryCodes).not.toContain(id);

    const status = await call('/api/secondFactor', { cookie });
    expect(await status.json()).toEqual({ app: true, recoveryCodesLeft: 10 });
    expect((await call('/api/startAppSetup', { method: 'POST', cookie })).status).toBe(409);
    expect((await mailTo(email)).some((mail) => /Two-step verification is on/.test(mail.subject))).toBe(true);
  });

  it('answers 401 without a session and 400 for a code that is not six digits', async () => {
    expect((await call('/api/startAppSetup', { method: 'POST' })).status).toBe(401);
    const { cookie } = await signUp(uniqueEmail('setup-bad'));
    const bad = await call('/api/confirmAppSetup', { method: 'POST', cookie, body: { code: '12ab' } });
    expect(bad.status).toBe(400);
    expect(await errorCode(bad)).toBe('INVALID_CODE');
    const notStarted = await call('/api/confirmAppSetup', { method: 'POST', cookie, body: { code: '123456' } });
    expect(await errorCode(notStarted)).toBe('APP_SETUP_NOT_STARTED');
  });
});

describe('signing in with a second factor', () => {
  it('waits after the password: the waiting sign-in reaches nothing else (401), the code opens a session', async () => {
    const { email, secret } = await accountWithApp('two-step');
    const pending = await passwordStep(email);
    for (const [path, method] of [
      ['/api/account', 'GET'],
      ['/api/verifyAuth', 'POST'],
      ['/api/contacts', 'GET'],
      ['/api/startAppSetup', 'POST'],
      ['/api/secondFactor', 'GET'],
    ] as const) {
      expect((await call(path, { method, cookie: pending })).status, path).toBe(401);
    }
    const wrong = await verifySignIn({ code: appCode(secret, -5) }, { cookie: pending });
    expect(wrong.status).toBe(400);
    expect(await errorCode(wrong)).toBe('INVALID_CODE');
    const right = await verifySignIn({ code: appCode(secret, 1) }, { cookie: pending });
    expect(right.status).toBe(200);
    expect(((await right.json()) as { recoveryCodesLeft: number | null }).recoveryCodesLeft).toBeNull();
    const session = sessionCookieFrom(right);
    expect(await verifyAuthStatus(session)).toBe(200);
    // The waiting sign-in is over: its cookie works no more.
    expect(await errorCode(await verifySignIn({ code: appCode(secret, 1) }, { cookie: pending }))).toBe('SIGN_IN_EXPIRED');
  });

  it('keeps the waiting sign-in in an HttpOnly, SameSite=Strict cookie that lasts 10 minutes', async () => {
    const { email } = await accountWithApp('pending-cookie');
    const { response } = await logIn(email);
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('fax_pending='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\//);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(line)![1]!);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(expires - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('takes each code once', async () => {
    const { email, secret } = await accountWithApp('reuse');
    const code = appCode(secret, 1);
    expect((await verifySignIn({ code }, { cookie: await passwordStep(email) })).status).toBe(200);
    const again = await verifySignIn({ code }, { cookie: await passwordStep(email) });
    expect(again.status).toBe(400);
    expect(await errorCode(again)).toBe('INVALID_CODE');
  });

  it('signs in with a recovery code once, says how many are left, and mails the account', async () => {
    const { email, recoveryCodes } = await accountWithApp('recovery');
    const typed = recoveryCodes[0]!.toUpperCase().replace('-', ' ');
    const first = await verifySignIn({ recoveryCode: typed }, { cookie: await passwordStep(email) });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
    expect((await mailTo(email)).some((mail) => /recovery code was used/.test(mail.subject))).toBe(true);
    const again = await verifySignIn({ recoveryCode: recoveryCodes[0] }, { cookie: await passwordStep(email) });
    expect(await errorCode(again)).toBe('INVALID_CODE');
  });

  it('lasts 10 minutes', async () => {
    const { email, userId, secret } = await accountWithApp('expiry');
    const pending = await passwordStep(email);
    const row = await env.DB.prepare('SELECT created_at, expires_at FROM pending_sign_ins WHERE user_id = ?')
      .bind(userId)
      .first<{ created_at: number; expires_at: number }>();
    expect(row!.expires_at - row!.created_at).toBe(10 * 60 * 1000);
    await env.DB.prepare('UPDATE pending_sign_ins SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, userId)
      .run();
    const late = await verifySignIn({ code: appCode(secret, 1) }, { cookie: pending });
    expect(late.status).toBe(401);
    expect(await errorCode(late)).toBe('SIGN_IN_EXPIRED');
  });

  it('answers 401 SIGN_IN_EXPIRED with no waiting sign-in, and 400 for a body that is neither proof', async () => {
    expect(await errorCode(await verifySignIn({ code: '123456' }))).toBe('SIGN_IN_EXPIRED');
    for (const body of [{}, { code: 'abc' }, { code: '123456', recoveryCode: 'abcde-fghjk' }, { recoveryCode: 7 }]) {
      expect((await verifySignIn(body)).status).toBe(400);
    }
  });

  it('stops wrong codes: 5 from one address, then 429 even for the right one', async () => {
    const { email, secret } = await accountWithApp('throttle');
    const where = from('203.0.113.77');
    const pending = await passwordStep(email, where);
    for (let i = 0; i < 5; i++)
      expect((await verifySignIn({ code: appCode(secret, -9 - i) }, { ...where, cookie: pending })).status).toBe(400);
    const limited = await verifySignIn({ code: appCode(secret, 1) }, { ...where, cookie: pending });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('asks Google sign-ins for it too', async () => {
    const { token, claims } = await googleToken();
    const created = await googleLogIn(token);
    expect(created.response.status).toBe(201);
    await turnOnApp(created.cookie!);
    const again = await googleLogIn((await googleToken({ sub: claims.sub, email: claims.email })).token);
    expect(again.response.status).toBe(202);
    expect(again.cookie).toBeNull();
    expect(pendingCookieFrom(again.response)).not.toBeNull();
  });

  it('does not let a reset by e-mail bypass it: the new password waits for the code', async () => {
    const { email, userId, secret } = await accountWithApp('reset');
    const before = (await userRow(userId))!.password_hash;
    const reset = await resetPassword(await requestResetToken(email), 'a brand new passphrase here');
    expect(reset.status).toBe(202);
    expect(await reset.json()).toMatchObject({ secondFactor: 'required' });
    expect(sessionCookieFrom(reset)).toBeNull();
    expect((await userRow(userId))!.password_hash).toBe(before);
    const done = await verifySignIn({ code: appCode(secret, 1) }, { cookie: pendingCookieFrom(reset)! });
    expect(done.status).toBe(200);
    expect(await verifyPassword('a brand new passphrase here', (await userRow(userId))!.password_hash)).toBe(true);
  });
});

describe('turning the app off and new recovery codes', () => {
  it('needs a code, mails the account, and sign-in asks for the password only again', async () => {
    const { cookie, email, recoveryCodes } = await accountWithApp('off');
    expect(await errorCode(await call('/api/removeApp', { method: 'POST', cookie, body: { recoveryCode: 'aaaaa-aaaaa' } }))).toBe(
      'INVALID_CODE',
    );
    const removed = await call('/api/removeApp', { method: 'POST', cookie, body: { recoveryCode: recoveryCodes[3] } });
    expect(removed.status).toBe(200);
    expect((await logIn(email)).response.status).toBe(200);
    expect((await mailTo(email)).some((mail) => /turned off/.test(mail.subject))).toBe(true);
    const { history } = (await (await call('/api/loginHistory', { cookie })).json()) as { history: Array<{ method: string }> };
    expect(history.map((entry) => entry.method)).toEqual(expect.arrayContaining(['app-on', 'app-off']));
  });

  it('replaces the recovery codes after an app code', async () => {
    const { cookie, secret, recoveryCodes } = await accountWithApp('new-codes');
    const renewed = await call('/api/newRecoveryCodes', { method: 'POST', cookie, body: { code: appCode(secret, 1) } });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
  });
});

describe('deleting the account', () => {
  it('leaves no secret, recovery code or waiting sign-in of it', async () => {
    const { userId, email } = await accountWithApp('deleted');
    await passwordStep(email);
    await deleteUserRecords(getDb(env), userId);
    for (const table of ['app_factors', 'recovery_codes', 'pending_sign_ins']) {
      const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>();
      expect(row?.n, table).toBe(0);
    }
  });
});
