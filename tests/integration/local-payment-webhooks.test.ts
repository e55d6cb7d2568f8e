import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkout, disableTrials, userPlanRow } from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';

// The local processor's signed stand-in for Stripe's webhooks: Stripe's event shape and signature
// scheme with LOCAL_PAYMENTS_WEBHOOK_SECRET (made per machine by scripts/local-env.mjs). Signed
// here with the Stripe SDK's own test helper, which proves the scheme is Stripe's.

const SECRET = env.LOCAL_PAYMENTS_WEBHOOK_SECRET!;
const cryptoProvider = Stripe.createSubtleCryptoProvider();

async function signed(body: string, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret, timestamp, cryptoProvider });
}

function post(body: string, signature: string | null): Promise<Response> {
  return call('/api/webhooks/local-payments', {
    method: 'POST',
    body,
    headers: signature ? { 'local-payments-signature': signature } : {},
  });
}

async function deliver(event: object): Promise<Response> {
  const body = JSON.stringify(event);
  return post(body, await signed(body));
}

/** A user PAID through a local checkout; the local "subscription" is that checkout's processor_ref. */
async function localPlan(): Promise<{ userId: string; subscriptionId: string }> {
  const { cookie, userId } = await passwordAccount();
  expect((await checkout(cookie)).status).toBe(200);
  const ref = await env.DB.prepare('SELECT c.processor_ref AS ref FROM checkouts c JOIN users u ON u.subscription_id = c.id WHERE u.id = ?')
    .bind(userId)
    .first<string>('ref');
  return { userId, subscriptionId: ref! };
}

function renewalPaid(plan: { userId: string; subscriptionId: string }) {
  const invoice = {
    id: `in_local_${crypto.randomUUID()}`,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_due: 999,
    amount_paid: 999,
    attempt_count: 1,
  };
  const parent = {
    type: 'subscription_details',
    subscription_details: { subscription: plan.subscriptionId, metadata: { userId: plan.userId } },
  };
  return { id: `evt_local_${crypto.randomUUID()}`, object: 'event', type: 'invoice.paid', data: { object: { ...invoice, parent } } };
}

async function state(userId: string) {
  const { subscription_type, current_period_end, default_credits_send } = await userPlanRow(userId);
  const invoices = await env.DB.prepare('SELECT count(*) AS n FROM invoices WHERE user_id = ?').bind(userId).first<number>('n');
  return { subscription_type, current_period_end, default_credits_send, invoices };
}

beforeAll(() => disableTrials());

describe('POST /api/webhooks/local-payments', () => {
  it('a duplicate delivery changes nothing', async () => {
    const plan = await localPlan();
    const event = renewalPaid(plan);
    expect((await deliver(event)).status).toBe(200);
    const renewed = await state(plan.userId);
    expect(renewed).toMatchObject({ subscription_type: 'PAID', invoices: 2 });
    expect((await deliver(event)).status).toBe(200);
    expect(await state(plan.userId)).toEqual(renewed);

    const ended = {
      id: `evt_local_${crypto.randomUUID()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: plan.subscriptionId, object: 'subscription', ended_at: null, metadata: { userId: plan.userId } } },
    };
    expect((await deliver(ended)).status).toBe(200);
    expect((await deliver(ended)).status).toBe(200);
    expect(await state(plan.userId)).toMatchObject({ subscription_type: 'FREE', default_credits_send: 0, invoices: 2 });
  });

  it('a bad signature is refused with 401 and changes nothing', async () => {
    const plan = await localPlan();
    const before = await state(plan.userId);
    const body = JSON.stringify(renewalPaid(plan));
    const stale = Math.floor(Date.now() / 1000) - 301;
    const answers = await Promise.all([
      post(body.replace('"amount_paid":999', '"amount_paid":0'), await signed(body)),
      post(body, await signed(body, env.STRIPE_WEBHOOK_SECRET!)),
      post(body, null),
      post(body, await signed(body, SECRET, stale)),
      // A year ahead: a captured event must not stay replayable for as long as its sender chose.
      post(body, await signed(body, SECRET, Math.floor(Date.now() / 1000) + 365 * 24 * 3600)),
    ]);
    for (const response of answers) {
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('INVALID_SIGNATURE');
    }
    expect(await state(plan.userId)).toEqual(before);
  });

  // Found by the fuzzing of decision 029: the SDK checks the signature, then parses, and its parse
  // error was answered 500, so the processor would have redelivered a body it can never fix.
  it('a rightly signed body that is not JSON is 400 MALFORMED_BODY, not a 5xx', async () => {
    for (const body of ['%Q3', '{"id":', 'not json']) {
      const response = await post(body, await signed(body));
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('MALFORMED_BODY');
    }
  });
});
