import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { type MockInstance, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { type CallOptions, ORIGIN } from './client';

// Stripe for the tests: the Worker configured with PAYMENT_PROCESSOR=stripe, and api.stripe.com
// answered from a table shaped like Stripe's API reference. Only Stripe's host is stubbed; every
// other fetch goes out as usual. Our storage (D1, R2, Durable Objects) stays real.

export const PUBLISHABLE_KEY = 'pk_test_51TestOnlyNotARealKey';

/** The test environment with Stripe as the processor (the secret keys are the test bindings'). */
export const stripeEnv = (): Env => ({ ...env, PAYMENT_PROCESSOR: 'stripe', STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY }) as Env;

/** Like `call` (tests/support/client.ts), through the app with Stripe configured. */
export async function callWithStripe(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers({
    origin: ORIGIN,
    'cf-connecting-ip': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    ...options.headers,
  });
  if (options.cookie) headers.set('cookie', options.cookie);
  const body = options.body === undefined || typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  if (body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(ORIGIN + path, { method: options.method ?? 'GET', headers, body }),
    stripeEnv(),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

export interface StripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form-encoded body, as Stripe receives it. */
  form: URLSearchParams;
  idempotencyKey: string | null;
}

let current: MockInstance<typeof fetch> | null = null;

type Answer = { status: number; body: object } | ((request: StripeRequest) => { status: number; body: object });

/**
 * Answers api.stripe.com by `METHOD /path` (path without the query); anything unlisted is a 404
 * the way Stripe says it. Answers the requests seen, in order.
 */
export function stubStripe(answers: Record<string, Answer>): StripeRequest[] {
  // A second stub in one test replaces the first (the setup restores every mock after each test).
  current?.mockRestore();
  const seen: StripeRequest[] = [];
  const realFetch = globalThis.fetch;
  current = vi.spyOn(globalThis, 'fetch');
  current.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.hostname !== 'api.stripe.com') return realFetch(input, init);
    const seenRequest: StripeRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())),
      idempotencyKey: request.headers.get('idempotency-key'),
    };
    seen.push(seenRequest);
    const entry = answers[`${request.method} ${url.pathname}`];
    const answer =
      typeof entry === 'function'
        ? entry(seenRequest)
        : (entry ?? {
            status: 404,
            body: stripeError(
              'invalid_request_error',
              'resource_missing',
              `Unrecognized request URL (${request.method}: ${url.pathname}).`,
            ),
          });
    // `stripe-should-retry: false` keeps the SDK from retrying a stubbed 5xx (its retries wait seconds).
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test', 'stripe-should-retry': 'false' },
    });
  });
  return seen;
}

export function stripeError(type: string, code: string, message: string, extra: object = {}): object {
  return { error: { type, code, message, ...extra } };
}

/** Stripe down: every call answers 500 api_error. */
export const OUTAGE: Answer = { status: 500, body: stripeError('api_error', 'internal_error', 'An unknown error occurred.') };

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function customer(id = 'cus_TestCustomer1'): object {
  return {
    id,
    object: 'customer',
    email: 'someone@example.com',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
    metadata: {},
  };
}

export function price(amount: number, interval: 'month' | 'year' = 'month'): object {
  return {
    id: 'price_Test1',
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: amount,
    type: 'recurring',
    recurring: { interval, interval_count: 1 },
    product: 'prod_Test1',
  };
}

export const VISA = {
  id: 'pm_card_visa',
  object: 'payment_method',
  type: 'card',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit' },
};

/** A subscription as Stripe answers it with `latest_invoice.confirmation_secret` and `default_payment_method` expanded. */
export function subscription(fields: {
  id?: string;
  status: string;
  periodEnd?: number;
  trialEnd?: number | null;
  clientSecret?: string | null;
  cancelAtPeriodEnd?: boolean;
}): object {
  const start = nowSeconds();
  const periodEnd = fields.periodEnd ?? start + 31 * 86_400;
  return {
    id: fields.id ?? 'sub_Test1',
    object: 'subscription',
    status: fields.status,
    customer: 'cus_TestCustomer1',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    default_payment_method: VISA,
    trial_end: fields.trialEnd ?? null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        { id: 'si_Test1', object: 'subscription_item', current_period_start: start, current_period_end: periodEnd, price: price(999) },
      ],
      has_more: false,
    },
    latest_invoice: {
      id: 'in_Test1',
      object: 'invoice',
      status: fields.status === 'incomplete' ? 'open' : 'paid',
      confirmation_secret: fields.clientSecret ? { client_secret: fields.clientSecret, type: 'payment_intent' } : null,
    },
  };
}

/** GET /v1/invoice_payments?invoice=…, its payment intent expanded. */
export function invoicePayments(intent: { status: string; lastError?: { code: string; decline_code?: string } }): object {
  return {
    object: 'list',
    url: '/v1/invoice_payments',
    has_more: false,
    data: [
      {
        id: 'inpay_Test1',
        object: 'invoice_payment',
        invoice: 'in_Test1',
        is_default: true,
        status: 'open',
        payment: {
          type: 'payment_intent',
          payment_intent: {
            id: 'pi_Test1',
            object: 'payment_intent',
            status: intent.status,
            last_payment_error: intent.lastError ? { type: 'card_error', ...intent.lastError } : null,
          },
        },
      },
    ],
  };
}
