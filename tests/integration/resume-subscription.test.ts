import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../src/common/billing';
import { runScheduledBilling } from '../../worker/subscriptions/lifecycle';
import {
  type CheckoutAnswer,
  checkout,
  disableTrials,
  holdANumber,
  setOption,
  setPeriodEnd,
  subscriptionOf,
  userPlanRow,
} from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { openLiveFor } from '../support/live';
import { callWithStripe, customer, OUTAGE, price, stubStripe, subscription } from '../support/stripe';

// POST /api/resumeSubscription (decision 040): until its period ends, a cancelled plan renews again as
// if never cancelled, with nothing charged now; Stripe's subscription gets cancel_at_period_end=false.

function resume(cookie: string | null, subscriptionId: unknown, headers?: Record<string, string>): Promise<Response> {
  return call('/api/resumeSubscription', { method: 'POST', cookie, body: { subscriptionId }, headers });
}

/** Money the processor moved for the user: charges and their invoices (the ledger, not the page). */
async function moneyOf(userId: string): Promise<{ charges: unknown; invoices: unknown }> {
  const count = (sql: string) => env.DB.prepare(sql).bind(userId).first('n');
  return {
    charges: await count("SELECT count(*) AS n FROM transactions WHERE user_id = ? AND kind = 'charge'"),
    invoices: await count('SELECT count(*) AS n FROM invoices WHERE user_id = ?'),
  };
}

async function cancelledTrial(): Promise<{ cookie: string; userId: string; subscription: SubscriptionView }> {
  await setOption('trial', { length_in_days: 7, disabled: false });
  await setOption('preAuthType', 'verify');
  const account = await passwordAccount();
  await holdANumber(account.cookie);
  expect((await checkout(account.cookie)).status).toBe(200);
  const cancelled = await call('/api/cancelSubscription', { cookie: account.cookie });
  const { subscription } = (await cancelled.json()) as { subscription: SubscriptionView };
  expect(subscription).toMatchObject({ type: 'TRIAL', cancelAtPeriodEnd: true });
  return { ...account, subscription };
}

describe('POST /api/resumeSubscription', () => {
  it('renews a cancelled trial again, with no charge now, the same end date, and the pages told', async () => {
    const { cookie, userId, subscription } = await cancelledTrial();
    const before = await moneyOf(userId);
    const socket = await openLiveFor(cookie);
    const response = await resume(cookie, subscription.subscriptionId);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { subscription: SubscriptionView };
    expect(body.subscription).toMatchObject({
      type: 'TRIAL',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: subscription.currentPeriodEnd,
      trialEndsAt: subscription.trialEndsAt,
      faxNumber: subscription.faxNumber,
    });
    expect(await moneyOf(userId)).toEqual(before);
    await socket.waitForEvent((e) => e['type'] === 'subscription.updated');
    // Resuming a plan that renews already changes nothing.
    expect((await resume(cookie, subscription.subscriptionId)).status).toBe(200);
    expect(await moneyOf(userId)).toEqual(before);

    // At the period end the plan renews as if never cancelled: charged then, not before.
    await setPeriodEnd(userId, Date.now() - 1000);
    expect(await subscriptionOf(cookie)).toMatchObject({ type: 'PAID', cancelAtPeriodEnd: false });
    expect(await moneyOf(userId)).toEqual({ charges: 1, invoices: 1 });
  });

  it('answers 400 for a body that names no subscription, 401 without a session, 403 from another site', async () => {
    const { cookie, subscription } = await cancelledTrial();
    expect(await errorCode(await resume(cookie, 'not-an-id'))).toBe('INVALID_INPUT');
    expect((await resume(cookie, undefined)).status).toBe(400);
    expect((await resume(null, subscription.subscriptionId)).status).toBe(401);
    expect((await resume(cookie, subscription.subscriptionId, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('answers 404 for a subscription that is not the caller’s plan, and leaves both plans as they were', async () => {
    const mine = await cancelledTrial();
    const theirs = await cancelledTrial();
    const response = await resume(mine.cookie, theirs.subscription.subscriptionId);
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
    expect((await resume(mine.cookie, crypto.randomUUID())).status).toBe(404);
    expect(await userPlanRow(theirs.userId)).toMatchObject({ cancel_at_period_end: 1 });
    expect(await userPlanRow(mine.userId)).toMatchObject({ cancel_at_period_end: 1 });
  });

  it('answers 409 NOT_SUBSCRIBED without a plan, and once the period has ended', async () => {
    const free = await passwordAccount();
    const none = await resume(free.cookie, crypto.randomUUID());
    expect(none.status).toBe(409);
    expect(await errorCode(none)).toBe('NOT_SUBSCRIBED');

    const { cookie, userId, subscription } = await cancelledTrial();
    await setPeriodEnd(userId, Date.now() - 1000);
    const ended = await resume(cookie, subscription.subscriptionId);
    expect(ended.status).toBe(409);
    expect(await errorCode(ended)).toBe('NOT_SUBSCRIBED');
    // And the cron ends it as cancelled, without a charge.
    await runScheduledBilling(env);
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: 'FREE' });
    expect(await moneyOf(userId)).toEqual({ charges: 0, invoices: 0 });
  });
});

describe('POST /api/resumeSubscription for a Stripe plan', () => {
  const SUB = 'sub_Resume1';

  async function cancelledStripePlan(): Promise<{ cookie: string; userId: string; subscriptionId: string }> {
    await disableTrials();
    const account = await passwordAccount();
    stubStripe({
      'POST /v1/customers': { status: 200, body: customer() },
      'POST /v1/prices': { status: 200, body: price(999) },
      'POST /v1/subscriptions': { status: 200, body: subscription({ id: SUB, status: 'active' }) },
      [`POST /v1/subscriptions/${SUB}`]: { status: 200, body: subscription({ id: SUB, status: 'active', cancelAtPeriodEnd: true }) },
    });
    const paid = await callWithStripe('/api/checkout', {
      method: 'POST',
      cookie: account.cookie,
      body: { plan: 'BASIC', term: 'MONTH', paymentMethodId: 'pm_card_visa' },
    });
    const { subscription: plan } = (await paid.json()) as CheckoutAnswer;
    expect((await callWithStripe('/api/cancelSubscription', { cookie: account.cookie })).status).toBe(200);
    return { ...account, subscriptionId: plan.subscriptionId! };
  }

  it('sets cancel_at_period_end=false at Stripe first (a key of its own), then here; nothing is charged', async () => {
    const { cookie, userId, subscriptionId } = await cancelledStripePlan();
    const before = await moneyOf(userId);
    const seen = stubStripe({
      [`POST /v1/subscriptions/${SUB}`]: { status: 200, body: subscription({ id: SUB, status: 'active' }) },
    });
    const response = await callWithStripe('/api/resumeSubscription', { method: 'POST', cookie, body: { subscriptionId } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { subscription: SubscriptionView }).subscription).toMatchObject({
      type: 'PAID',
      cancelAtPeriodEnd: false,
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/subscriptions/${SUB}`]);
    expect(seen[0]!.form.get('cancel_at_period_end')).toBe('false');
    expect(seen[0]!.idempotencyKey).toMatch(new RegExp(`^${subscriptionId}:resume:\\d+$`));
    expect(await moneyOf(userId)).toEqual(before);
  });

  it('a Stripe outage answers 503 PAYMENT_UNAVAILABLE and leaves the plan cancelled; one Stripe ended already is 409', async () => {
    const { cookie, userId, subscriptionId } = await cancelledStripePlan();
    stubStripe({ [`POST /v1/subscriptions/${SUB}`]: OUTAGE });
    const down = await callWithStripe('/api/resumeSubscription', { method: 'POST', cookie, body: { subscriptionId } });
    expect(down.status).toBe(503);
    expect(await errorCode(down)).toBe('PAYMENT_UNAVAILABLE');
    expect(await userPlanRow(userId)).toMatchObject({ cancel_at_period_end: 1 });

    stubStripe({
      [`POST /v1/subscriptions/${SUB}`]: {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details.' } },
      },
      [`GET /v1/subscriptions/${SUB}`]: { status: 200, body: subscription({ id: SUB, status: 'canceled' }) },
    });
    const over = await callWithStripe('/api/resumeSubscription', { method: 'POST', cookie, body: { subscriptionId } });
    expect(over.status).toBe(409);
    expect(await userPlanRow(userId)).toMatchObject({ cancel_at_period_end: 1 });
  });
});
