import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStripeProcessor } from '../../worker/payments/stripe';
import { checkout, disableTrials, userPlanRow } from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';

// Stripe webhooks signed here exactly as Stripe signs them (`t=<ts>,v1=<hex HMAC-SHA256 of
// "<ts>.<body>">` with the endpoint's secret), for a user made PAID whose plan we pretend Stripe
// runs (merchant `stripe`, the checkout's processor_ref a `sub_…` id). The outcome must not depend
// on how many times an event arrives, and nothing unsigned, tampered or stale gets in.

const SECRET = env.STRIPE_WEBHOOK_SECRET!;

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function stripeSignature(body: string, secret = SECRET, at = Math.floor(Date.now() / 1000)): Promise<string> {
  return `t=${at},v1=${await hmacHex(secret, `${at}.${body}`)}`;
}

function post(body: string, signature: string | null): Promise<Response> {
  return call('/api/webhooks/stripe', { method: 'POST', body, headers: signature ? { 'stripe-signature': signature } : {} });
}

async function deliver(event: object): Promise<Response> {
  const body = JSON.stringify(event);
  return post(body, await stripeSignature(body));
}

interface StripePlan {
  userId: string;
  subscriptionId: string;
}

/** A user PAID for BASIC monthly through a checkout, then handed over to "Stripe". */
async function stripeUser(): Promise<StripePlan> {
  const { cookie, userId } = await passwordAccount();
  expect((await checkout(cookie)).status).toBe(200);
  const subscriptionId = `sub_test_${crypto.randomUUID().replace(/-/g, '')}`;
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET merchant_type = 'stripe', default_credits_send = 3 WHERE id = ?").bind(userId),
    env.DB.prepare(
      "UPDATE checkouts SET processor = 'stripe', processor_ref = ? WHERE id = (SELECT subscription_id FROM users WHERE id = ?)",
    ).bind(subscriptionId, userId),
  ]);
  return { userId, subscriptionId };
}

function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  plan: StripePlan,
  invoiceId = `in_${crypto.randomUUID()}`,
  billingReason = 'subscription_cycle',
) {
  const paid = type === 'invoice.paid';
  return {
    id: `evt_${crypto.randomUUID()}`,
    object: 'event',
    type,
    data: {
      object: {
        id: invoiceId,
        object: 'invoice',
        billing_reason: billingReason,
        amount_due: 999,
        amount_paid: paid ? 999 : 0,
        attempt_count: 1,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: plan.subscriptionId, metadata: { userId: plan.userId } },
        },
      },
    },
  };
}

function subscriptionDeleted(plan: StripePlan) {
  const endedAt = Math.floor(Date.now() / 1000);
  return {
    id: `evt_${crypto.randomUUID()}`,
    object: 'event',
    type: 'customer.subscription.deleted',
    data: { object: { id: plan.subscriptionId, object: 'subscription', ended_at: endedAt, metadata: { userId: plan.userId } } },
  };
}

async function records(userId: string) {
  const count = (sql: string) => env.DB.prepare(sql).bind(userId).first<number>('n');
  const { subscription_type, current_period_end, default_credits_send, default_credits_receive, merchant_type } = await userPlanRow(userId);
  return {
    user: { subscription_type, current_period_end, default_credits_send, default_credits_receive, merchant_type },
    invoices: await count('SELECT count(*) AS n FROM invoices WHERE user_id = ?'),
    charges: await count("SELECT count(*) AS n FROM transactions WHERE user_id = ? AND kind = 'charge' AND status = 'succeeded'"),
    failed: await count("SELECT count(*) AS n FROM transactions WHERE user_id = ? AND kind = 'charge' AND status = 'failed'"),
  };
}

beforeAll(() => disableTrials());

describe('POST /api/webhooks/stripe: what each event does, once', () => {
  it('invoice.paid renews once: credits, a charge and an invoice, however often it arrives', async () => {
    const plan = await stripeUser();
    const before = await records(plan.userId);
    expect(before).toMatchObject({ user: { subscription_type: 'PAID', default_credits_send: 3 }, invoices: 1, charges: 1 });

    const event = invoiceEvent('invoice.paid', plan);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ result: 'handled' });
    const after = await records(plan.userId);
    expect(after).toMatchObject({
      user: { subscription_type: 'PAID', default_credits_send: 150, default_credits_receive: 150 },
      invoices: 2,
      charges: 2,
    });
    expect(after.user.current_period_end as number).toBeGreaterThan((before.user.current_period_end as number) + 27 * 86_400_000);

    // The same delivery again, a burst of it, and the same invoice under another event id.
    const again = await Promise.all([deliver(event), deliver(event), deliver({ ...event, id: `evt_${crypto.randomUUID()}` })]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await records(plan.userId)).toEqual(after);
  });

  it('the first invoice (paid at checkout) and another subscription’s invoice change nothing', async () => {
    const plan = await stripeUser();
    const before = await records(plan.userId);
    expect((await deliver(invoiceEvent('invoice.paid', plan, undefined, 'subscription_create'))).status).toBe(200);
    expect((await deliver(invoiceEvent('invoice.paid', { ...plan, subscriptionId: 'sub_someone_else' }))).status).toBe(200);
    const stranger = await stripeUser();
    expect((await deliver(invoiceEvent('invoice.paid', { userId: plan.userId, subscriptionId: stranger.subscriptionId }))).status).toBe(
      200,
    );
    expect(await records(plan.userId)).toEqual(before);
  });

  it('invoice.payment_failed records a failed renewal once; customer.subscription.deleted makes the user FREE once', async () => {
    const plan = await stripeUser();
    const failed = invoiceEvent('invoice.payment_failed', plan);
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect(await records(plan.userId)).toMatchObject({ user: { subscription_type: 'PAID' }, failed: 1, invoices: 1 });

    const deleted = subscriptionDeleted(plan);
    expect((await deliver(deleted)).status).toBe(200);
    const ended = await records(plan.userId);
    expect(ended).toMatchObject({
      user: { subscription_type: 'FREE', merchant_type: null, default_credits_send: 0, default_credits_receive: 0 },
      failed: 1,
      invoices: 1,
    });
    expect((await deliver(deleted)).status).toBe(200);
    expect((await deliver(subscriptionDeleted(plan))).status).toBe(200);
    expect(await records(plan.userId)).toEqual(ended);
  });

  it('an unknown event type is acknowledged and recorded, and changes nothing; a malformed known one is 400', async () => {
    const plan = await stripeUser();
    const before = await records(plan.userId);
    const event = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1' } } };
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: 'ignored' });
    expect(
      await env.DB.prepare("SELECT 1 AS n FROM webhook_events WHERE provider = 'stripe' AND event_id = ?").bind(event.id).first('n'),
    ).toBe(1);
    const broken = { ...invoiceEvent('invoice.paid', plan), data: { object: { id: 'in_1' } } };
    const refused = await deliver(broken);
    expect(refused.status).toBe(400);
    expect(await errorCode(refused)).toBe('MALFORMED_BODY');
    expect(await records(plan.userId)).toEqual(before);
  });
});

describe('POST /api/webhooks/stripe: only Stripe’s signature on exactly these bytes', () => {
  it('refuses a tampered body, another secret, no header and a timestamp over 300 s old or ahead with 401, changing nothing', async () => {
    const plan = await stripeUser();
    const before = await records(plan.userId);
    const body = JSON.stringify(invoiceEvent('invoice.paid', plan));
    const signature = await stripeSignature(body);
    const tampered = body.replace('"amount_paid":999', '"amount_paid":1');
    const stale = Math.floor(Date.now() / 1000) - 301;
    const ahead = Math.floor(Date.now() / 1000) + 365 * 24 * 3600;
    const attempts = [
      post(body, await stripeSignature(body, SECRET, ahead)),
      post(tampered, signature),
      post(body, await stripeSignature(body, 'whsec_someone_else')),
      post(body, null),
      post(body, 'not a signature'),
      post(body, await stripeSignature(body, SECRET, stale)),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('INVALID_SIGNATURE');
    }
    expect(await records(plan.userId)).toEqual(before);
    // The genuine delivery still works afterwards: nothing was recorded by the refusals.
    expect((await post(body, signature)).status).toBe(200);
    expect((await records(plan.userId)).invoices).toBe(2);
  });
});

describe('the stripe processor: a subscription from an Elements payment method', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Answers Stripe's API from a table by path; any other host is a test bug. */
  function stubStripe(answers: Record<string, { status: number; body: object }>): string[] {
    const seen: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== 'api.stripe.com') throw new Error(`unexpected fetch ${url}`);
      seen.push(url.pathname);
      const answer = answers[url.pathname] ?? { status: 404, body: { error: { type: 'invalid_request_error', message: 'no such path' } } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
      });
    });
    return seen;
  }

  const request = {
    userId: 'u1',
    email: 'a@example.com',
    paymentMethod: 'pm_card_visa',
    amountCents: 999,
    interval: 'month' as const,
    description: 'Basic plan, monthly',
    trialEndsAt: null,
    idempotencyKey: 'chk_1',
  };

  it('creates the customer, the price and the subscription, and answers the subscription id', async () => {
    const seen = stubStripe({
      '/v1/customers': { status: 200, body: { id: 'cus_1', object: 'customer' } },
      '/v1/prices': { status: 200, body: { id: 'price_1', object: 'price' } },
      '/v1/subscriptions': { status: 200, body: { id: 'sub_1', object: 'subscription', status: 'active' } },
    });
    const outcome = await createStripeProcessor('sk_test_x').startSubscription!(request);
    expect(outcome).toEqual({
      status: 'succeeded',
      ref: 'sub_1',
      paymentMethod: 'pm_card_visa',
      invoiceRef: null,
      card: null,
      periodEnd: null,
    });
    expect(seen).toEqual(['/v1/customers', '/v1/prices', '/v1/subscriptions']);
  });

  it('a card error is a decline with our code; a card typed into our form is refused without a call', async () => {
    stubStripe({ '/v1/customers': { status: 402, body: { error: { type: 'card_error', code: 'expired_card', message: 'expired' } } } });
    const processor = createStripeProcessor('sk_test_x');
    expect(await processor.startSubscription!(request)).toEqual({ status: 'declined', code: 'CARD_EXPIRED' });
    expect(processor.describeCard({ number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'A' })).toBeNull();
    expect(
      await processor.charge(
        { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'A' } },
        { amountCents: 1, description: 'x', idempotencyKey: 'k' },
      ),
    ).toEqual({ status: 'declined', code: 'INVALID_CARD' });
  });
});
