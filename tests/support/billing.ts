import { env } from 'cloudflare:workers';
import type { CheckoutView, SubscriptionView } from '../../src/common/billing';
import type { FaxNumberView } from '../../src/common/numbers';
import { call } from './client';

// Checkout and subscription helpers: test cards, plan options, and moving a user's clock in D1.

export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  challenge: '4000 0027 6000 3184',
  expired: '4000 0000 0000 0069',
  declinesLater: '4000 0000 0000 0341',
  otherValid: '5555 5555 5555 4444',
  notLuhn: '4242 4242 4242 4241',
} as const;

export function card(number: string, fields: { expYear?: number; expMonth?: number } = {}) {
  return {
    number,
    expMonth: fields.expMonth ?? 12,
    expYear: fields.expYear ?? new Date().getUTCFullYear() + 3,
    cvc: '123',
    name: 'Ada Lovelace',
  };
}

export interface CheckoutAnswer {
  checkout: CheckoutView;
  subscription: SubscriptionView;
}

export function checkout(cookie: string, number: string = CARDS.succeeds, plan = 'BASIC', term = 'MONTH'): Promise<Response> {
  return call('/api/checkout', { method: 'POST', cookie, body: { plan, term, card: card(number) } });
}

export function confirm(cookie: string, checkoutId: string, approve: boolean): Promise<Response> {
  return call(`/api/checkout/${checkoutId}/confirm`, { method: 'POST', cookie, body: { approve } });
}

export async function subscriptionOf(cookie: string): Promise<SubscriptionView> {
  const response = await call('/api/checkSubscriptionStatus', { cookie });
  if (response.status !== 200) throw new Error(`checkSubscriptionStatus: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { subscription: SubscriptionView }).subscription;
}

export async function setOption(key: string, value: unknown): Promise<void> {
  await env.DB.prepare('INSERT INTO options (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
    .bind(key, JSON.stringify(value))
    .run();
}

/** Trials off for every plan: checkouts charge the price at once. */
export function disableTrials(): Promise<void> {
  return setOption('trial', { length_in_days: 7, disabled: true });
}

/** Moves the end of the user's period (and trial) to `at`. */
export async function setPeriodEnd(userId: string, at: number): Promise<void> {
  await env.DB.prepare(
    'UPDATE users SET current_period_end = ?, trial_ends_at = CASE WHEN trial_ends_at IS NULL THEN NULL ELSE ? END WHERE id = ?',
  )
    .bind(at, at, userId)
    .run();
}

export async function userPlanRow(userId: string): Promise<Record<string, unknown>> {
  return (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(userId).first<Record<string, unknown>>())!;
}

/** Holds a free number for the signed-in user; answers it. */
export async function holdANumber(cookie: string): Promise<FaxNumberView> {
  const list = (await (await call('/api/numbers?areaCode=312')).json()) as { numbers: FaxNumberView[] };
  const number = list.numbers[Math.floor(Math.random() * list.numbers.length)]!;
  const response = await call(`/api/reserveTempNumber?numberId=${number.id}`, { cookie });
  if (response.status !== 200) throw new Error(`hold failed: ${response.status}`);
  return number;
}

export async function numberRow(numberId: string): Promise<{ state: string; holder_key: string | null; owner_user_id: string | null }> {
  return (await env.DB.prepare('SELECT state, holder_key, owner_user_id FROM fax_numbers WHERE id = ?').bind(numberId).first())!;
}
