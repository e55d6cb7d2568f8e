import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { CARDS, type CheckoutAnswer, card, disableTrials, holdANumber, numberRow, setOption, userPlanRow } from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { callWithStripe, customer, invoicePayments, OUTAGE, price, stripeError, stubStripe, subscription } from '../support/stripe';

// POST /api/checkout with PAYMENT_PROCESSOR=stripe: the browser sends the `pm_…` Stripe Elements
// made, the Worker starts a Stripe subscription (customer, price, subscription; api.stripe.com
// answered as its reference shows) and keeps its `sub_…` id, which the webhooks then match on.

const PM = 'pm_card_visa';

function checkoutWithStripe(cookie: string, plan = 'BASIC', term = 'MONTH'): Promise<Response> {
  return callWithStripe('/api/checkout', { method: 'POST', cookie, body: { plan, term, paymentMethodId: PM } });
}

async function checkoutRow(userId: string): Promise<Record<string, unknown>> {
  return (await env.DB.prepare('SELECT * FROM checkouts WHERE user_id = ? ORDER BY created_at DESC')
    .bind(userId)
    .first<Record<string, unknown>>())!;
}

async function transactionsOf(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    'SELECT kind, status, amount_cents, processor_ref FROM transactions WHERE user_id = ? ORDER BY rowid',
  )
    .bind(userId)
    .all();
  return results.map((r) => `${r['kind']} ${r['status']} ${r['amount_cents']} ${r['processor_ref'] ?? '-'}`);
}

const created = { status: 200 };

/** A checkout whose first invoice waits for the bank's challenge. */
async function startChallenge(cookie: string): Promise<CheckoutAnswer & { clientSecret?: string }> {
  stubStripe({
    'POST /v1/customers': { ...created, body: customer() },
    'POST /v1/prices': { ...created, body: price(999) },
    'POST /v1/subscriptions': { ...created, body: subscription({ status: 'incomplete', clientSecret: 'pi_Test1_secret_abc' }) },
    'GET /v1/invoice_payments': { ...created, body: invoicePayments({ status: 'requires_action' }) },
  });
  const response = await checkoutWithStripe(cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as CheckoutAnswer & { clientSecret?: string };
}

/** POST /api/webhooks/stripe, signed with the endpoint's secret by Stripe's own helper. */
async function deliverStripeEvent(event: object): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: env.STRIPE_WEBHOOK_SECRET!,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return callWithStripe('/api/webhooks/stripe', { method: 'POST', body: payload, headers: { 'stripe-signature': signature } });
}

describe('POST /api/checkout with Stripe: the plan becomes a Stripe subscription', () => {
  it('no trial: charges through the subscription, keeps sub_… as processor_ref, records the card, the charge and the invoice', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const held = await holdANumber(cookie);
    const periodEnd = Math.floor(Date.now() / 1000) + 31 * 86_400;
    const seen = stubStripe({
      'POST /v1/customers': { ...created, body: customer() },
      'POST /v1/prices': { ...created, body: price(999) },
      'POST /v1/subscriptions': { ...created, body: subscription({ status: 'active', periodEnd }) },
    });
    const response = await checkoutWithStripe(cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as CheckoutAnswer;
    expect(body.checkout).toMatchObject({ state: 'succeeded', trial: false, amountCents: 999, cardBrand: 'visa', cardLast4: '4242' });
    expect(body.subscription).toMatchObject({
      type: 'PAID',
      planLevel: 'BASIC',
      merchantType: 'stripe',
      subscriptionId: body.checkout.id,
      faxNumber: { number: held.number },
    });
    // Our period ends when Stripe's does: that is when its next invoice comes.
    expect(body.subscription.currentPeriodEnd).toBe(periodEnd * 1000);
    expect(await checkoutRow(userId)).toMatchObject({ processor: 'stripe', processor_ref: 'sub_Test1', state: 'succeeded' });
    expect(await transactionsOf(userId)).toEqual(['charge succeeded 999 in_Test1', 'credit_grant succeeded 0 -']);
    expect(await numberRow(held.id)).toMatchObject({ state: 'ASSIGNED', owner_user_id: userId });

    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/prices', 'POST /v1/subscriptions']);
    const [customerCall, priceCall, subscriptionCall] = seen;
    const checkoutId = body.checkout.id;
    expect(seen.map((r) => r.idempotencyKey)).toEqual([`${checkoutId}:customer`, `${checkoutId}:price`, `${checkoutId}:subscription`]);
    expect(customerCall!.form.get('payment_method')).toBe(PM);
    expect(customerCall!.form.get('metadata[userId]')).toBe(userId);
    expect(Object.fromEntries(priceCall!.form)).toMatchObject({ currency: 'usd', unit_amount: '999', 'recurring[interval]': 'month' });
    expect(Object.fromEntries(subscriptionCall!.form)).toMatchObject({
      customer: 'cus_TestCustomer1',
      'items[0][price]': 'price_Test1',
      default_payment_method: PM,
      'metadata[userId]': userId,
      payment_behavior: 'allow_incomplete',
    });
    expect(subscriptionCall!.form.has('trial_end')).toBe(false);
  });

  it('trial: Stripe holds the trial until trial_end; we record the credit grant only (no hold of ours) and end the trial when Stripe does', async () => {
    await setOption('trial', { length_in_days: 7, disabled: false });
    await setOption('preAuthType', 'authorize');
    const { cookie, userId } = await passwordAccount();
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const seen = stubStripe({
      'POST /v1/customers': { ...created, body: customer() },
      'POST /v1/prices': { ...created, body: price(9990, 'year') },
      'POST /v1/subscriptions': { ...created, body: subscription({ status: 'trialing', trialEnd, periodEnd: trialEnd }) },
    });
    const body = (await (await checkoutWithStripe(cookie, 'BASIC', 'YEAR')).json()) as CheckoutAnswer;
    expect(body.checkout).toMatchObject({ state: 'succeeded', trial: true, amountCents: 0, cardLast4: '4242' });
    expect(body.subscription).toMatchObject({
      type: 'TRIAL',
      merchantType: 'stripe',
      trialEndsAt: trialEnd * 1000,
      currentPeriodEnd: trialEnd * 1000,
    });
    expect(await transactionsOf(userId)).toEqual(['credit_grant succeeded 0 -']);
    const requested = Number(seen[2]!.form.get('trial_end'));
    expect(Math.abs(requested - trialEnd)).toBeLessThanOrEqual(5);
    expect(seen[1]!.form.get('recurring[interval]')).toBe('year');
    expect(seen[1]!.form.get('unit_amount')).toBe('9990');
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: 'TRIAL', merchant_type: 'stripe', default_credits_send: 150 });
  });

  it.each([
    ['card_declined', 'PAYMENT_DECLINED'],
    ['expired_card', 'CARD_EXPIRED'],
  ])('a card error (%s) while saving the card answers 402 %s, starts nothing and keeps the hold', async (code, ours) => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const held = await holdANumber(cookie);
    const seen = stubStripe({
      'POST /v1/customers': {
        status: 402,
        body: stripeError('card_error', code, 'Your card was declined.', { decline_code: 'generic_decline', param: '' }),
      },
    });
    const response = await checkoutWithStripe(cookie);
    expect(response.status).toBe(402);
    expect(await errorCode(response)).toBe(ours);
    expect(seen.map((r) => r.path)).toEqual(['/v1/customers']);
    expect(await checkoutRow(userId)).toMatchObject({ state: 'failed', failure_code: ours, processor_ref: null });
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: null, merchant_type: null });
    expect(await numberRow(held.id)).toMatchObject({ state: 'HELD', holder_key: `user:${userId}` });
    expect(await transactionsOf(userId)).toEqual([]);
  });

  it('a first invoice Stripe could not charge (incomplete, no challenge) is a 402 decline with the reason Stripe gave', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    stubStripe({
      'POST /v1/customers': { ...created, body: customer() },
      'POST /v1/prices': { ...created, body: price(999) },
      'POST /v1/subscriptions': { ...created, body: subscription({ status: 'incomplete', clientSecret: 'pi_Test1_secret_abc' }) },
      'GET /v1/invoice_payments': {
        ...created,
        body: invoicePayments({
          status: 'requires_payment_method',
          lastError: { code: 'card_declined', decline_code: 'insufficient_funds' },
        }),
      },
    });
    const response = await checkoutWithStripe(cookie);
    expect(response.status).toBe(402);
    expect(await errorCode(response)).toBe('PAYMENT_DECLINED');
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: null });
  });

  it('3-D Secure: answers requires_action with the client secret for Stripe.js, then the confirmation reads Stripe’s state', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const first = await startChallenge(cookie);
    expect(first.checkout.state).toBe('requires_action');
    expect(first.clientSecret).toBe('pi_Test1_secret_abc');
    expect(first.subscription.type).toBe('FREE');
    expect(await checkoutRow(userId)).toMatchObject({ processor_ref: 'sub_Test1', state: 'requires_action' });

    // The browser ran the challenge with Stripe.js; Stripe now has the first invoice paid.
    const seen = stubStripe({ 'GET /v1/subscriptions/sub_Test1': { ...created, body: subscription({ status: 'active' }) } });
    const confirmed = await callWithStripe(`/api/checkout/${first.checkout.id}/confirm`, {
      method: 'POST',
      cookie,
      body: { approve: true },
    });
    expect(confirmed.status).toBe(200);
    const done = (await confirmed.json()) as CheckoutAnswer;
    expect(done.checkout).toMatchObject({ state: 'succeeded', cardLast4: '4242' });
    expect(done.subscription).toMatchObject({ type: 'PAID', merchantType: 'stripe' });
    expect(seen.map((r) => r.path)).toEqual(['/v1/subscriptions/sub_Test1']);
    expect(await checkoutRow(userId)).toMatchObject({ processor_ref: 'sub_Test1', state: 'succeeded' });
  });

  it('3-D Secure not passed: Stripe still waits, so the confirmation is 402 AUTHENTICATION_FAILED and nothing is granted', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const first = await startChallenge(cookie);
    stubStripe({
      'GET /v1/subscriptions/sub_Test1': { ...created, body: subscription({ status: 'incomplete', clientSecret: 'pi_Test1_secret_abc' }) },
      'GET /v1/invoice_payments': { ...created, body: invoicePayments({ status: 'requires_action' }) },
    });
    const refused = await callWithStripe(`/api/checkout/${first.checkout.id}/confirm`, {
      method: 'POST',
      cookie,
      body: { approve: false },
    });
    expect(refused.status).toBe(402);
    expect(await errorCode(refused)).toBe('AUTHENTICATION_FAILED');
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: null });
  });

  it('3-D Secure passed but never confirmed by the page: Stripe’s invoice.paid for the first invoice settles the waiting checkout, once', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    const first = await startChallenge(cookie);
    // Stripe down while the page confirms: 503, and the checkout goes back to waiting.
    stubStripe({ 'GET /v1/subscriptions/sub_Test1': OUTAGE });
    const down = await callWithStripe(`/api/checkout/${first.checkout.id}/confirm`, { method: 'POST', cookie, body: { approve: true } });
    expect(down.status).toBe(503);
    expect(await checkoutRow(userId)).toMatchObject({ state: 'requires_action', processor_ref: 'sub_Test1' });

    stubStripe({ 'GET /v1/subscriptions/sub_Test1': { ...created, body: subscription({ status: 'active' }) } });
    const event = {
      id: `evt_${crypto.randomUUID()}`,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_Test1',
          object: 'invoice',
          billing_reason: 'subscription_create',
          amount_due: 999,
          amount_paid: 999,
          attempt_count: 1,
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_Test1', metadata: { userId } } },
        },
      },
    };
    const deliveries = await Promise.all([deliverStripeEvent(event), deliverStripeEvent({ ...event, id: `evt_${crypto.randomUUID()}` })]);
    expect(deliveries.map((r) => r.status)).toEqual([200, 200]);
    expect(await checkoutRow(userId)).toMatchObject({ state: 'succeeded', processor_ref: 'sub_Test1' });
    expect(await userPlanRow(userId)).toMatchObject({ subscription_type: 'PAID', merchant_type: 'stripe' });
    expect(await transactionsOf(userId)).toEqual(['charge succeeded 999 in_Test1', 'credit_grant succeeded 0 -']);
  });

  it('a Stripe outage is 503 PAYMENT_UNAVAILABLE: nothing granted, and the next attempt is not blocked', async () => {
    await disableTrials();
    const { cookie, userId } = await passwordAccount();
    stubStripe({ 'POST /v1/customers': OUTAGE });
    const response = await checkoutWithStripe(cookie);
    expect(response.status).toBe(503);
    expect(await errorCode(response)).toBe('PAYMENT_UNAVAILABLE');
    expect(await checkoutRow(userId)).toMatchObject({ state: 'failed', failure_code: 'PAYMENT_UNAVAILABLE' });
    stubStripe({
      'POST /v1/customers': { ...created, body: customer() },
      'POST /v1/prices': { ...created, body: price(999) },
      'POST /v1/subscriptions': { ...created, body: subscription({ status: 'active' }) },
    });
    expect((await checkoutWithStripe(cookie)).status).toBe(200);
  });
});

describe('POST /api/checkout: one way to pay, and the one the processor takes', () => {
  it('refuses a typed card with Stripe, and a Stripe payment method with the local processor: 400 INVALID_CARD, nothing sent', async () => {
    const { cookie, userId } = await passwordAccount();
    const seen = stubStripe({});
    const typed = await callWithStripe('/api/checkout', {
      method: 'POST',
      cookie,
      body: { plan: 'BASIC', term: 'MONTH', card: card(CARDS.succeeds) },
    });
    expect(typed.status).toBe(400);
    const typedBody = (await typed.json()) as { error: { code: string; message: string } };
    expect(typedBody.error).toMatchObject({ code: 'INVALID_CARD', message: expect.stringContaining('Stripe') });
    const local = await call('/api/checkout', { method: 'POST', cookie, body: { plan: 'BASIC', term: 'MONTH', paymentMethodId: PM } });
    expect(local.status).toBe(400);
    const localBody = (await local.json()) as { error: { code: string; message: string } };
    expect(localBody.error).toMatchObject({ code: 'INVALID_CARD', message: expect.stringContaining('payment method') });
    expect(seen).toEqual([]);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM checkouts WHERE user_id = ?').bind(userId).first('n')).toBe(0);
  });

  it('answers 400 INVALID_INPUT for neither, both, or a payment method id that is not one', async () => {
    const { cookie } = await passwordAccount();
    const bodies = [
      { plan: 'BASIC', term: 'MONTH' },
      { plan: 'BASIC', term: 'MONTH', card: card(CARDS.succeeds), paymentMethodId: PM },
      { plan: 'BASIC', term: 'MONTH', paymentMethodId: 'tok_visa' },
    ];
    for (const body of bodies) {
      const response = await callWithStripe('/api/checkout', { method: 'POST', cookie, body });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: { code: string; message: string } };
      expect(answer.error.code).toBe('INVALID_INPUT');
      expect(answer.error.message).toMatch(/card|paymentMethodId/);
    }
  });
});
