import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { stopPlanForDeletion } from '../../worker/subscriptions/cancel';
import { runScheduledBilling } from '../../worker/subscriptions/lifecycle';
import { checkout, disableTrials, setPeriodEnd, subscriptionOf, userPlanRow } from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { openLiveFor } from '../support/live';
import { callWithStripe, customer, OUTAGE, price, stripeError, stubStripe, subscription } from '../support/stripe';

// A plan Stripe runs, after its checkout: Stripe charges each period and tells us by webhook, so
// neither the cron nor checkSubscriptionStatus charges it; cancelling it and deleting the account
// stop it at Stripe first, and a Stripe outage changes nothing here.

const DAY = 86_400_000;
const SUB = 'sub_Test1';

/** A user PAID for BASIC monthly through a Stripe checkout (api.stripe.com stubbed). */
async function stripePlan(): Promise<{ cookie: string; userId: string }> {
  await disableTrials();
  const account = await passwordAccount();
  stubStripe({
    'POST /v1/customers': { status: 200, body: customer() },
    'POST /v1/prices': { status: 200, body: price(999) },
    'POST /v1/subscriptions': { status: 200, body: subscription({ id: SUB, status: 'active' }) },
  });
  const response = await callWithStripe('/api/checkout', {
    method: 'POST',
    cookie: account.cookie,
    body: { plan: 'BASIC', term: 'MONTH', paymentMethodId: 'pm_card_visa' },
  });
  expect(response.status).toBe(200);
  return account;
}

async function counts(userId: string): Promise<{ invoices: unknown; charges: unknown }> {
  const count = (sql: string) => env.DB.prepare(sql).bind(userId).first('n');
  return {
    invoices: await count('SELECT count(*) AS n FROM invoices WHERE user_id = ?'),
    charges: await count("SELECT count(*) AS n FROM transactions WHERE user_id = ? AND kind = 'charge'"),
  };
}

/** Records a renewal Stripe refused, as invoice.payment_failed does (tests/integration/stripe-webhooks.test.ts). */
async function recordRefusal(userId: string, at: number): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO transactions (id, user_id, kind, status, amount_cents, description, created_at) VALUES (?, ?, 'charge', 'failed', 999, 'renewal failed', ?)",
  )
    .bind(crypto.randomUUID(), userId, at)
    .run();
}

describe('the lifecycle leaves a Stripe plan’s renewals to Stripe', () => {
  it('the cron renews a local plan at its period end but not a Stripe one, and calls Stripe for neither', async () => {
    const stripe = await stripePlan();
    const local = await passwordAccount();
    expect((await checkout(local.cookie)).status).toBe(200);
    const end = Date.now() - 60_000;
    await setPeriodEnd(stripe.userId, end);
    await setPeriodEnd(local.userId, end);
    const seen = stubStripe({});

    expect(await runScheduledBilling(env)).toBe(2);
    expect(await counts(local.userId)).toEqual({ invoices: 2, charges: 2 });
    expect(await userPlanRow(local.userId)).toMatchObject({ subscription_type: 'PAID' });
    expect((await userPlanRow(local.userId))['current_period_end']).toBeGreaterThan(end + 27 * DAY);

    expect(await counts(stripe.userId)).toEqual({ invoices: 1, charges: 1 });
    expect(await userPlanRow(stripe.userId)).toMatchObject({ subscription_type: 'PAID', merchant_type: 'stripe', current_period_end: end });
    // Asked by the user, the same: still PAID, waiting for Stripe's invoice.paid.
    expect(await subscriptionOf(stripe.cookie)).toMatchObject({ type: 'PAID', currentPeriodEnd: end, renewalFailedAt: null });
    expect(await counts(stripe.userId)).toEqual({ invoices: 1, charges: 1 });
    expect(seen).toEqual([]);
  });

  it('after a refusal Stripe reported, the grace end is ours: cancelled at Stripe at once, then FREE; an outage waits', async () => {
    const { cookie, userId } = await stripePlan();
    const end = Date.now() - 3 * DAY - 60_000;
    await setPeriodEnd(userId, end);
    await recordRefusal(userId, end + 1000);

    stubStripe({ [`DELETE /v1/subscriptions/${SUB}`]: OUTAGE });
    await runScheduledBilling(env);
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: 'PAID' });

    const seen = stubStripe({ [`DELETE /v1/subscriptions/${SUB}`]: { status: 200, body: subscription({ id: SUB, status: 'canceled' }) } });
    expect(await subscriptionOf(cookie)).toMatchObject({ type: 'FREE', planLevel: null });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${SUB}`]);
    expect(await userPlanRow(userId)).toMatchObject({ current_period_end: end + 3 * DAY, merchant_type: null });
  });
});

describe('GET /api/cancelSubscription for a Stripe plan', () => {
  it('sets cancel_at_period_end at Stripe (with an idempotency key), then marks the plan cancelled here', async () => {
    const { cookie, userId } = await stripePlan();
    const socket = await openLiveFor(cookie);
    const seen = stubStripe({
      [`POST /v1/subscriptions/${SUB}`]: { status: 200, body: subscription({ id: SUB, status: 'active', cancelAtPeriodEnd: true }) },
    });
    const response = await call('/api/cancelSubscription', { cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { subscription: { cancelAtPeriodEnd: boolean; type: string } }).subscription).toMatchObject({
      type: 'PAID',
      cancelAtPeriodEnd: true,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.form.get('cancel_at_period_end')).toBe('true');
    const subscriptionId = (await userPlanRow(userId))['subscription_id'];
    // A key of its own per request: a stop, a resume and a stop again are three requests to Stripe.
    expect(seen[0]!.idempotencyKey).toMatch(new RegExp(`^${subscriptionId}:cancel-period_end:\\d+$`));
    await socket.waitForEvent((e) => e['type'] === 'subscription.updated');
    // Already cancelled: asking again does not call Stripe again.
    expect((await call('/api/cancelSubscription', { cookie })).status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('a Stripe outage answers 503 PAYMENT_UNAVAILABLE and changes nothing; a later click works', async () => {
    const { cookie, userId } = await stripePlan();
    stubStripe({ [`POST /v1/subscriptions/${SUB}`]: OUTAGE });
    const response = await call('/api/cancelSubscription', { cookie });
    expect(response.status).toBe(503);
    expect(await errorCode(response)).toBe('PAYMENT_UNAVAILABLE');
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: 'PAID', cancel_at_period_end: 0 });

    stubStripe({
      [`POST /v1/subscriptions/${SUB}`]: { status: 200, body: subscription({ id: SUB, status: 'active', cancelAtPeriodEnd: true }) },
    });
    expect((await call('/api/cancelSubscription', { cookie })).status).toBe(200);
    expect(await userPlanRow(userId)).toMatchObject({ cancel_at_period_end: 1 });
  });
});

describe('account deletion stops a Stripe plan at Stripe at once', () => {
  it('cancels the subscription now, then the plan here; an outage throws (the job retries) and changes nothing', async () => {
    const { userId } = await stripePlan();
    stubStripe({ [`DELETE /v1/subscriptions/${SUB}`]: OUTAGE });
    await expect(stopPlanForDeletion(env, userId)).rejects.toThrow();
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: 'PAID' });

    const seen = stubStripe({ [`DELETE /v1/subscriptions/${SUB}`]: { status: 200, body: subscription({ id: SUB, status: 'canceled' }) } });
    await stopPlanForDeletion(env, userId);
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${SUB}`]);
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: 'FREE', merchant_type: null });
    // Run again (a redelivered job): nothing left to stop, no call.
    await stopPlanForDeletion(env, userId);
    expect(seen).toHaveLength(1);
  });

  it('a subscription Stripe ended already counts as stopped', async () => {
    const { userId } = await stripePlan();
    stubStripe({
      [`DELETE /v1/subscriptions/${SUB}`]: {
        status: 400,
        body: stripeError('invalid_request_error', 'subscription_canceled', 'This subscription has already been canceled.'),
      },
      [`GET /v1/subscriptions/${SUB}`]: { status: 200, body: subscription({ id: SUB, status: 'canceled' }) },
    });
    await stopPlanForDeletion(env, userId);
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: 'FREE' });
  });
});
