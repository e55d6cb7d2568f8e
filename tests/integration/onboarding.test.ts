import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AccountDetails } from '../../worker/views/account';
import { accountOf, accountRow, pageGet, setupNewUser } from '../support/account';
import { insertSessionCookie, insertUser } from '../support/db';

// The first-run path is kept on the account: new-user setup opens it at the welcome,
// updateUserSetup moves it on (or ends it: complete, skipped), and the account tells the page
// which plan the user is on, so the dashboard and onboarding can say so.

async function freshAccount(): Promise<{ userId: string; cookie: string }> {
  const user = await insertUser();
  return { userId: user.id, cookie: await insertSessionCookie(user.id) };
}

async function recordStep(cookie: string, step: string): Promise<Response> {
  return pageGet(`/api/updateUserSetup?setup=${encodeURIComponent(step)}`, cookie);
}

describe('new-user setup opens the first-run path', () => {
  it('at the welcome', async () => {
    const { userId, cookie } = await freshAccount();
    expect((await accountRow(userId)).setup).toBeNull();
    const body = (await (await setupNewUser(cookie, {})).json()) as { account: AccountDetails };
    expect(body.account.setup).toBe('welcome');
    expect((await accountRow(userId)).setup).toBe('welcome');
  });

  it('keeps where the user already went when setup runs late (skipped, or a step on)', async () => {
    for (const step of ['skipped', 'send-fax']) {
      const { userId, cookie } = await freshAccount();
      expect((await recordStep(cookie, step)).status).toBe(200);
      await setupNewUser(cookie, {});
      expect((await accountRow(userId)).setup).toBe(step);
    }
  });

  it('never again: a second setup call leaves a finished path finished', async () => {
    const { userId, cookie } = await freshAccount();
    await setupNewUser(cookie, {});
    await recordStep(cookie, 'complete');
    await setupNewUser(cookie, {});
    expect((await accountRow(userId)).setup).toBe('complete');
  });
});

describe('GET /api/updateUserSetup moves the path on', () => {
  it('through the three steps to complete, each answered with the account', async () => {
    const { userId, cookie } = await freshAccount();
    await setupNewUser(cookie, {});
    for (const step of ['reserve-number', 'send-fax', 'add-contacts', 'complete']) {
      const response = await recordStep(cookie, step);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { account: AccountDetails }).account.setup).toBe(step);
    }
    expect((await accountRow(userId)).setup).toBe('complete');
  });

  it('back a step, and to skipped from anywhere', async () => {
    const { userId, cookie } = await freshAccount();
    await recordStep(cookie, 'send-fax');
    await recordStep(cookie, 'reserve-number');
    expect((await accountRow(userId)).setup).toBe('reserve-number');
    await recordStep(cookie, 'skipped');
    expect((await accountRow(userId)).setup).toBe('skipped');
  });
});

describe('GET /api/account names the plan', () => {
  it('no level while FREE', async () => {
    const { cookie } = await freshAccount();
    await setupNewUser(cookie, {});
    expect(await accountOf(cookie)).toMatchObject({ subscriptionType: 'FREE', planLevel: null });
  });

  it('the level of a trial or a paid plan, and none once it ended', async () => {
    const { userId, cookie } = await freshAccount();
    await setupNewUser(cookie, {});
    const setPlan = (type: string): Promise<unknown> =>
      env.DB.prepare("UPDATE users SET subscription_type = ?, plan_level = 'PREMIUM', plan_term = 'YEAR' WHERE id = ?")
        .bind(type, userId)
        .run();
    await setPlan('TRIAL');
    expect(await accountOf(cookie)).toMatchObject({ subscriptionType: 'TRIAL', planLevel: 'PREMIUM' });
    await setPlan('PAID');
    expect(await accountOf(cookie)).toMatchObject({ subscriptionType: 'PAID', planLevel: 'PREMIUM' });
    // An ended plan may leave its level on the row; the account does not claim it.
    await setPlan('FREE');
    expect(await accountOf(cookie)).toMatchObject({ subscriptionType: 'FREE', planLevel: null });
  });
});
