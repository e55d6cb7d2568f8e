import { describe, expect, it } from 'vitest';
import type { BillingHistory } from '../../src/common/billing';
import {
  CARDS,
  type CheckoutAnswer,
  card,
  checkout,
  disableTrials,
  holdANumber,
  numberRow,
  setOption,
  setPeriodEnd,
  subscriptionOf,
} from '../support/billing';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { openLiveFor } from '../support/live';

// Settings › Change card: a paying user replaces the card their plan is charged to; a renewal that
// failed on the old card is charged to the new one at once.

const DAY = 86_400_000;

function changeCard(cookie: string | null, number: string, options: { headers?: Record<string, string> } = {}): Promise<Response> {
  return call('/api/changeCard', { method: 'POST', cookie, body: { card: card(number) }, ...options });
}

async function chargesOf(cookie: string): Promise<Array<[string, number]>> {
  const { payments } = (await (await call('/api/billingHistory', { cookie })).json()) as BillingHistory;
  return payments.filter((p) => p.kind === 'charge').map((p) => [p.status, p.amountCents]);
}

/** A trial on a card that passes its check but is declined when charged: the renewal fails. */
async function planWithFailedRenewal(): Promise<{ cookie: string; userId: string; numberId: string; end: number }> {
  await setOption('trial', { length_in_days: 7, disabled: false });
  await setOption('preAuthType', 'verify');
  const account = await passwordAccount();
  const held = await holdANumber(account.cookie);
  const body = (await (await checkout(account.cookie, CARDS.declinesLater)).json()) as CheckoutAnswer;
  expect(body.subscription).toMatchObject({ type: 'TRIAL', card: { brand: 'visa', last4: '0341' } });
  const end = Date.now() - 1000;
  await setPeriodEnd(account.userId, end);
  expect((await subscriptionOf(account.cookie)).renewalFailedAt).toEqual(expect.any(Number));
  return { ...account, numberId: held.id, end };
}

describe('POST /api/changeCard', () => {
  it('charges a failed renewal to the new card at once: PAID for the next period, number kept, pages told', async () => {
    const { cookie, userId, numberId, end } = await planWithFailedRenewal();
    const socket = await openLiveFor(cookie);
    const response = await changeCard(cookie, CARDS.succeeds);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { subscription: Record<string, unknown>; retried: boolean };
    expect(body.retried).toBe(true);
    expect(body.subscription).toMatchObject({
      type: 'PAID',
      renewalFailedAt: null,
      graceEndsAt: null,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(body.subscription['currentPeriodEnd']).toBeGreaterThan(end + 27 * DAY);
    expect(await chargesOf(cookie)).toEqual([
      ['paid', 999],
      ['failed', 999],
    ]);
    expect(await numberRow(numberId)).toMatchObject({ state: 'ASSIGNED' });
    await socket.waitForEvent((e) => e['type'] === 'subscription.updated');
    // Later renewals go to the new card too (the period ends after the old card's failure).
    await setPeriodEnd(userId, Date.now() + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await subscriptionOf(cookie)).toMatchObject({ type: 'PAID', renewalFailedAt: null });
    expect((await chargesOf(cookie))[0]).toEqual(['paid', 999]);
  });

  it('keeps the card for the next renewal when nothing failed, and says no charge was tried', async () => {
    await disableTrials();
    const { cookie } = await passwordAccount();
    await checkout(cookie, CARDS.succeeds);
    const response = await changeCard(cookie, CARDS.otherValid);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { subscription: Record<string, unknown>; retried: boolean };
    expect(body).toMatchObject({ retried: false, subscription: { type: 'PAID', card: { brand: 'mastercard', last4: '4444' } } });
    expect(await chargesOf(cookie)).toEqual([['paid', 999]]);
    const { payments } = (await (await call('/api/billingHistory', { cookie })).json()) as BillingHistory;
    expect(payments[0]).toMatchObject({
      kind: 'card_check',
      status: 'verified',
      amountCents: 0,
      description: 'Card verified, nothing charged',
      note: 'New card: Mastercard ending 4444',
    });
  });

  it.each([
    [CARDS.declined, 'PAYMENT_DECLINED'],
    [CARDS.expired, 'CARD_EXPIRED'],
    [CARDS.challenge, 'AUTHENTICATION_FAILED'],
  ])('refuses the card %s with 402 %s and keeps the old one', async (number, code) => {
    const { cookie } = await planWithFailedRenewal();
    const response = await changeCard(cookie, number);
    expect(response.status).toBe(402);
    expect(await errorCode(response)).toBe(code);
    expect(await subscriptionOf(cookie)).toMatchObject({ type: 'TRIAL', card: { last4: '0341' }, renewalFailedAt: expect.any(Number) });
  });

  it('answers 400 for what is not a card, 409 for a free user, 401 without a session, 403 from another site', async () => {
    const { cookie } = await planWithFailedRenewal();
    const notCard = await changeCard(cookie, CARDS.notLuhn);
    expect(notCard.status).toBe(400);
    expect(await errorCode(notCard)).toBe('INVALID_CARD');
    expect((await call('/api/changeCard', { method: 'POST', cookie, body: { card: { number: 42 } } })).status).toBe(400);
    const free = await passwordAccount();
    const refused = await changeCard(free.cookie, CARDS.succeeds);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('NOT_SUBSCRIBED');
    expect((await changeCard(null, CARDS.succeeds)).status).toBe(401);
    expect((await changeCard(cookie, CARDS.succeeds, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect(await subscriptionOf(cookie)).toMatchObject({ card: { last4: '0341' } });
  });
});
