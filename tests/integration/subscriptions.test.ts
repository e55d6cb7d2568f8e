import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BillingHistory } from '../../src/common/billing';
import { runScheduledBilling } from '../../worker/subscriptions/lifecycle';
import {
  CARDS,
  type CheckoutAnswer,
  checkout,
  disableTrials,
  holdANumber,
  numberRow,
  setOption,
  setPeriodEnd,
  subscriptionOf,
  userPlanRow,
} from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { openLiveFor } from '../support/live';

const DAY = 86_400_000;

async function history(cookie: string): Promise<BillingHistory> {
  const response = await call('/api/billingHistory', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as BillingHistory;
}

async function startTrial(number: string = CARDS.succeeds): Promise<{ cookie: string; userId: string; numberId: string }> {
  await setOption('trial', { length_in_days: 7, disabled: false });
  await setOption('preAuthType', 'verify');
  const account = await passwordAccount();
  const held = await holdANumber(account.cookie);
  const body = (await (await checkout(account.cookie, number, 'BASIC', 'MONTH')).json()) as CheckoutAnswer;
  expect(body.subscription.type).toBe('TRIAL');
  return { ...account, numberId: held.id };
}

describe('GET /api/checkSubscriptionStatus', () => {
  it('answers FREE for a new user, 401 without a session, 403 from another site', async () => {
    const { cookie } = await passwordAccount();
    expect(await subscriptionOf(cookie)).toMatchObject({ type: 'FREE', planLevel: null, currentPeriodEnd: null, faxNumber: null });
    expect((await call('/api/checkSubscriptionStatus')).status).toBe(401);
    expect((await call('/api/checkSubscriptionStatus', { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('turns an ended trial into PAID: a charge, an invoice and the period’s credits', async () => {
    const { cookie, userId } = await startTrial();
    await env.DB.prepare('UPDATE users SET default_credits_send = 3 WHERE id = ?').bind(userId).run();
    const trialEnd = Date.now() - 60_000;
    await setPeriodEnd(userId, trialEnd);
    const socket = await openLiveFor(cookie);
    const subscription = await subscriptionOf(cookie);
    expect(subscription).toMatchObject({ type: 'PAID', planLevel: 'BASIC', trialEndsAt: null, renewalFailedAt: null });
    expect(subscription.currentPeriodEnd).toBeGreaterThan(trialEnd + 27 * DAY);
    expect(await userPlanRow(userId)).toMatchObject({ default_credits_send: 150, default_credits_receive: 150 });
    const { invoices, payments } = await history(cookie);
    expect(invoices).toEqual([expect.objectContaining({ amountCents: 999, periodStart: trialEnd, planLevel: 'BASIC' })]);
    expect(invoices[0]!.number).toMatch(/^FF-\d{4}-[0-9A-F]{8}$/);
    expect(payments.filter((p) => p.kind === 'charge')).toEqual([expect.objectContaining({ status: 'paid', amountCents: 999 })]);
    await socket.waitForEvent((e) => e['type'] === 'subscription.updated');
    // Asking again changes nothing.
    await subscriptionOf(cookie);
    expect((await history(cookie)).invoices).toHaveLength(1);
  });

  it('renews a paid period, and the cron does the same for everyone due', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    await checkout(cookie);
    await setPeriodEnd(userId, Date.now() - 1000);
    expect((await subscriptionOf(cookie)).type).toBe('PAID');
    expect((await history(cookie)).invoices).toHaveLength(2);
    await setPeriodEnd(userId, Date.now() - 1000);
    expect(await runScheduledBilling(env)).toBeGreaterThanOrEqual(1);
    expect((await history(cookie)).invoices).toHaveLength(3);
  });

  it('the cron reaches a due user behind hundreds who are only waiting (reminded already)', async () => {
    await disableTrials();
    const soon = Date.now() + DAY;
    // 250 paying users whose reminder went out: listed as maybe-due every run, with nothing to do.
    const waiting = Array.from({ length: 250 }, (_, i) => `0000-waiting-${String(i).padStart(4, '0')}`);
    await env.DB.batch(
      waiting.flatMap((id) => [
        env.DB.prepare(
          "INSERT INTO users (id, email, created_at, last_sign_in_at, subscription_type, plan_level, plan_term, subscription_id, merchant_type, current_period_end) VALUES (?, ?, 0, 0, 'PAID', 'BASIC', 'MONTH', ?, 'local', ?)",
        ).bind(id, `${id}@example.com`, `sub-${id}`, soon),
        env.DB.prepare("INSERT INTO webhook_events (provider, event_id, received_at) VALUES ('billing-reminder', ?, 0)").bind(
          `sub-${id}:${soon}`,
        ),
      ]),
    );
    const { cookie, userId } = await passwordAccount();
    await checkout(cookie);
    // Random ids sort after the waiting ones ("0000-…"): the due user is on the second page.
    await setPeriodEnd(userId, Date.now() - 1000);
    expect(await runScheduledBilling(env)).toBeGreaterThanOrEqual(251);
    expect((await history(cookie)).invoices).toHaveLength(2);
    // 251 users' stores are reached in turn: seconds on a loaded 2-core machine.
  }, 60_000);

  it('records a failed renewal, keeps the plan through a grace period, then makes the user FREE', async () => {
    const { cookie, userId, numberId } = await startTrial(CARDS.declinesLater);
    const end = Date.now() - 1000;
    await setPeriodEnd(userId, end);
    const failing = await subscriptionOf(cookie);
    expect(failing).toMatchObject({ type: 'TRIAL', graceEndsAt: end + 3 * DAY });
    expect(failing.renewalFailedAt).toEqual(expect.any(Number));
    // No retry within the day.
    await subscriptionOf(cookie);
    const failed = (await history(cookie)).payments.filter((p) => p.kind === 'charge');
    expect(failed).toEqual([expect.objectContaining({ status: 'failed', amountCents: 999 })]);
    const mail = await env.DB.prepare('SELECT subject FROM outbox WHERE "to" = ?')
      .bind((await userPlanRow(userId))['email'])
      .all();
    expect(mail.results).toContainEqual({ subject: 'Your FaxFlow payment did not go through' });
    await setPeriodEnd(userId, Date.now() - 3 * DAY - 1000);
    expect(await subscriptionOf(cookie)).toMatchObject({ type: 'FREE', planLevel: null, subscriptionId: null });
    // The number stays a few days more, then goes back.
    expect(await numberRow(numberId)).toMatchObject({ state: 'ASSIGNED' });
  });

  it('sends one renewal reminder a few days before', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    await checkout(cookie);
    await setPeriodEnd(userId, Date.now() + 2 * DAY);
    await subscriptionOf(cookie);
    await subscriptionOf(cookie);
    const email = (await userPlanRow(userId))['email'];
    const mail = await env.DB.prepare('SELECT subject FROM outbox WHERE "to" = ?').bind(email).all();
    expect(mail.results).toEqual([{ subject: 'Your FaxFlow plan renews soon' }]);
  });
});

describe('GET /api/cancelSubscription', () => {
  it('is one click: the plan lasts to the period end, then FREE, then the number goes back', async () => {
    const { cookie, userId, numberId } = await startTrial();
    const socket = await openLiveFor(cookie);
    const response = await call('/api/cancelSubscription', { cookie });
    expect(response.status).toBe(200);
    const { subscription } = (await response.json()) as CheckoutAnswer;
    expect(subscription).toMatchObject({ type: 'TRIAL', cancelAtPeriodEnd: true });
    expect(subscription.currentPeriodEnd).toBeGreaterThan(Date.now());
    await socket.waitForEvent((e) => e['type'] === 'subscription.updated');
    expect((await call('/api/cancelSubscription', { cookie })).status).toBe(200);

    const end = Date.now() - 1000;
    await setPeriodEnd(userId, end);
    expect(await subscriptionOf(cookie)).toMatchObject({ type: 'FREE', faxNumber: { number: expect.any(String) } });
    expect((await history(cookie)).payments.filter((p) => p.kind === 'charge')).toEqual([]);
    expect(await userPlanRow(userId)).toMatchObject({ current_period_end: end, default_credits_send: 0 });

    await setPeriodEnd(userId, Date.now() - 3 * DAY - 1000);
    expect((await subscriptionOf(cookie)).faxNumber).toBeNull();
    expect(await numberRow(numberId)).toMatchObject({ state: 'AVAILABLE', owner_user_id: null });
    await socket.waitForEvent((e) => e['type'] === 'number.updated' && e['number'] === null);
  });

  it('refuses a FREE user with 409 NOT_SUBSCRIBED, and needs a session and this site', async () => {
    const { cookie } = await passwordAccount();
    const response = await call('/api/cancelSubscription', { cookie });
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('NOT_SUBSCRIBED');
    expect((await call('/api/cancelSubscription')).status).toBe(401);
    expect((await call('/api/cancelSubscription', { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('refuses a paying user without subscriptionId or merchantType (spec §5)', async () => {
    const { cookie, userId } = await startTrial();
    await env.DB.prepare('UPDATE users SET merchant_type = NULL WHERE id = ?').bind(userId).run();
    expect(await errorCode(await call('/api/cancelSubscription', { cookie }))).toBe('NOT_SUBSCRIBED');
  });
});

describe('billing history and invoices', () => {
  it('lists the user’s own transactions and invoices, newest first, and serves the invoice PDF to its owner only', async () => {
    await disableTrials();
    const { cookie } = await passwordAccount();
    await checkout(cookie, CARDS.succeeds, 'PRO', 'YEAR');
    const { invoices, payments } = await history(cookie);
    expect(invoices).toHaveLength(1);
    // The credit grant is pages, not money: the payments list only the charge.
    expect(payments).toEqual([expect.objectContaining({ kind: 'charge', status: 'paid', amountCents: 39990, note: null })]);
    const pdf = await call(`/api/invoices/${invoices[0]!.id}`, { cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const download = await call(`/api/invoices/${invoices[0]!.id}?download=1`, { cookie });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-FF-/);
    await download.arrayBuffer();

    const other = await passwordAccount();
    expect((await history(other.cookie)).invoices).toEqual([]);
    expect((await call(`/api/invoices/${invoices[0]!.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/invoices/${crypto.randomUUID()}`, { cookie })).status).toBe(404);
    expect((await call('/api/invoices/not-an-id', { cookie })).status).toBe(400);
    expect((await call('/api/billingHistory')).status).toBe(401);
  });
});

describe('account deletion', () => {
  it('stops the plan and deletes checkouts, transactions and invoices, keeping the trial digest', async () => {
    const { DELETION_STEPS } = await import('../../worker/jobs/deletion-steps');
    const { userId } = await startTrial();
    for (const step of DELETION_STEPS) await step.run(env, userId);
    for (const table of ['checkouts', 'transactions', 'invoices']) {
      const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>();
      expect(row?.n).toBe(0);
    }
    const { count } = (await env.DB.prepare('SELECT count(*) AS count FROM trials').first<{ count: number }>())!;
    expect(count).toBeGreaterThanOrEqual(1);
  });
});
