import { describe, expect, it } from 'vitest';
import type { BillingHistory } from '../../src/common/billing';
import {
  CARDS,
  type CheckoutAnswer,
  checkout,
  disableTrials,
  holdANumber,
  setOption,
  setPeriodEnd,
  subscriptionOf,
} from '../support/billing';
import { call } from '../support/client';
import { passwordAccount } from '../support/db';

// Billing words a customer trusts (decision 040): a trial's check of the card is not a payment. The
// ledger keeps the processor's facts (tests/integration/checkout.test.ts); the payments the
// customer reads say "card verified, nothing charged", never a hold and its release as two
// payments that succeeded; the plan says what is due when, and the card is "on file" until charged.

async function history(cookie: string): Promise<BillingHistory> {
  const response = await call('/api/billingHistory', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as BillingHistory;
}

async function trialWith(preAuthType: 'authorize' | 'verify' | 'none', number: string = CARDS.succeeds) {
  await setOption('trial', { length_in_days: 7, disabled: false });
  await setOption('preAuthType', preAuthType);
  const account = await passwordAccount();
  await holdANumber(account.cookie);
  const body = (await (await checkout(account.cookie, number, 'PREMIUM', 'MONTH')).json()) as CheckoutAnswer;
  expect(body.subscription.type).toBe('TRIAL');
  return { ...account, subscription: body.subscription };
}

describe('the payments during a trial', () => {
  it('show a hold of the price and its release as one card check that charged nothing, naming the hold', async () => {
    const { cookie } = await trialWith('authorize');
    const { payments, invoices } = await history(cookie);
    expect(payments).toEqual([
      expect.objectContaining({
        kind: 'card_check',
        status: 'verified',
        amountCents: 0,
        description: 'Card verified, nothing charged',
        note: 'Your bank may show a $19.99 hold for a few days. We released it at once: it is not a charge.',
      }),
    ]);
    expect(payments.filter((p) => p.status === 'paid')).toEqual([]);
    expect(JSON.stringify(payments)).not.toMatch(/Hold for |Hold released|[Ss]ucceeded/);
    expect(invoices).toEqual([]);
  });

  it('show a zero check as one card check, and nothing at all when the card was not asked', async () => {
    const verified = await trialWith('verify');
    expect((await history(verified.cookie)).payments).toEqual([
      expect.objectContaining({ kind: 'card_check', status: 'verified', amountCents: 0, note: null }),
    ]);
    const unasked = await trialWith('none');
    expect((await history(unasked.cookie)).payments).toEqual([]);
  });

  it('then the first charge at the trial’s end as a paid payment with its invoice', async () => {
    const { cookie, userId } = await trialWith('authorize');
    await setPeriodEnd(userId, Date.now() - 1000);
    expect(await subscriptionOf(cookie)).toMatchObject({ type: 'PAID' });
    const { payments, invoices } = await history(cookie);
    expect(payments.map((p) => [p.kind, p.status, p.amountCents])).toEqual([
      ['charge', 'paid', 1999],
      ['card_check', 'verified', 0],
    ]);
    expect(invoices).toEqual([expect.objectContaining({ amountCents: 1999, planLevel: 'PREMIUM' })]);
  });

  it('show a failed renewal as failed, in words, with no error code', async () => {
    const { cookie, userId } = await trialWith('verify', CARDS.declinesLater);
    await setPeriodEnd(userId, Date.now() - 1000);
    await subscriptionOf(cookie);
    const [failed] = (await history(cookie)).payments;
    expect(failed).toMatchObject({ kind: 'charge', status: 'failed', amountCents: 1999, description: 'Premium plan, monthly: renewal' });
  });
});

describe('the plan as its card shows it', () => {
  it('carries the next charge’s price, the trial’s end and the card, so the page can say "$0.00 today, then $19.99 a month"', async () => {
    const { cookie, subscription } = await trialWith('verify');
    expect(subscription).toMatchObject({ type: 'TRIAL', priceCents: 1999, planTerm: 'MONTH', card: { brand: 'visa', last4: '4242' } });
    expect(subscription.trialEndsAt).toEqual(subscription.currentPeriodEnd);
    expect(await subscriptionOf(cookie)).toMatchObject({ priceCents: 1999 });
  });

  it('has no price without a plan, and the yearly price on a yearly plan', async () => {
    const free = await passwordAccount();
    expect(await subscriptionOf(free.cookie)).toMatchObject({ type: 'FREE', priceCents: null });
    await disableTrials();
    const yearly = await passwordAccount();
    const body = (await (await checkout(yearly.cookie, CARDS.succeeds, 'PREMIUM', 'YEAR')).json()) as CheckoutAnswer;
    expect(body.subscription).toMatchObject({ type: 'PAID', planTerm: 'YEAR', priceCents: 19990 });
  });
});
