import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/crypto/tokens';
import { call, errorCode, GOOD_PASSWORD, sessionCookieFrom, signUp, uniqueEmail } from '../support/client';
import { accountWithApp, appCode, passwordStep, verifySignIn } from '../support/second-factor';

// Step-up (decision 044): the e-mail, the password and deleting the account ask for the second
// factor again once the session proved it more than 15 minutes ago.

describe('step-up before sensitive changes', () => {
  const changePassword = (cookie: string) =>
    call('/api/changePassword', {
      method: 'POST',
      cookie,
      body: { currentPassword: GOOD_PASSWORD, newPassword: 'another long passphrase' },
    });

  async function ageCheck(cookie: string, minutes: number): Promise<void> {
    const token = cookie.split('=')[1]!;
    await env.DB.prepare('UPDATE sessions SET second_factor_at = ? WHERE id = ?')
      .bind(Date.now() - minutes * 60_000, await sha256Hex(token))
      .run();
  }

  it('asks for the second factor again after 15 minutes, and lets the change through once given', async () => {
    const { cookie, secret } = await accountWithApp('step-up');
    await ageCheck(cookie, 14);
    const fresh = await call('/api/changeEmail', {
      method: 'POST',
      cookie,
      body: { currentPassword: GOOD_PASSWORD, newEmail: uniqueEmail('moved') },
    });
    expect(fresh.status).toBe(202);
    await ageCheck(cookie, 16);
    for (const refused of [
      await changePassword(cookie),
      await call('/api/changeEmail', { method: 'POST', cookie, body: { currentPassword: GOOD_PASSWORD, newEmail: uniqueEmail('moved') } }),
      await call('/api/fullAccountDelete', { cookie }),
    ]) {
      expect(refused.status).toBe(403);
      expect(await errorCode(refused)).toBe('STEP_UP_REQUIRED');
    }
    expect(await errorCode(await call('/api/stepUp', { method: 'POST', cookie, body: { code: appCode(secret, -9) } }))).toBe(
      'INVALID_CODE',
    );
    const proved = await call('/api/stepUp', { method: 'POST', cookie, body: { code: appCode(secret, 1) } });
    expect(proved.status).toBe(200);
    const changed = await changePassword(cookie);
    expect(changed.status).toBe(200);
    // The browser that changed the password keeps its check in its new session.
    const again = await call('/api/changeEmail', {
      method: 'POST',
      cookie: sessionCookieFrom(changed)!,
      body: { currentPassword: 'another long passphrase', newEmail: uniqueEmail('moved') },
    });
    expect(again.status).toBe(202);
  });

  it('asks nothing of an account without a second factor, and counts a sign-in with the code as a check', async () => {
    const { cookie } = await signUp(uniqueEmail('no-step-up'));
    expect((await changePassword(cookie)).status).toBe(200);
    const { email, secret } = await accountWithApp('signed-in-with-code');
    const signedIn = await verifySignIn({ code: appCode(secret, 1) }, { cookie: await passwordStep(email) });
    expect((await changePassword(sessionCookieFrom(signedIn)!)).status).toBe(200);
  });

  it('answers 401 without a session, 409 without an app', async () => {
    expect((await call('/api/stepUp', { method: 'POST', body: { code: '123456' } })).status).toBe(401);
    const { cookie } = await signUp(uniqueEmail('no-app'));
    expect(await errorCode(await call('/api/stepUp', { method: 'POST', cookie, body: { code: '123456' } }))).toBe('NO_SECOND_FACTOR');
  });
});
