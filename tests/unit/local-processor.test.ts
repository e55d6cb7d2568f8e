import { describe, expect, it } from 'vitest';
import { isLuhnValid } from '../../src/common/billing';
import { cardBrandOf, createLocalProcessor, isCardExpired } from '../../worker/payments/local';

const NOW = Date.UTC(2026, 10, 22);
const processor = createLocalProcessor(() => NOW);
const card = (number: string, expYear = 2030, expMonth = 12) => ({ number, expMonth, expYear, cvc: '123', name: 'A' });
const request = { amountCents: 999, description: 'x', idempotencyKey: 'k' };

describe('local processor', () => {
  it.each([
    ['4242424242424242', true],
    ['4000002760003184', true],
    ['4242424242424241', false],
    ['5555555555554444', true],
  ])('Luhn of %s is %s', (number, valid) => expect(isLuhnValid(number)).toBe(valid));

  it.each([
    ['4242', 'visa'],
    ['5555', 'mastercard'],
    ['2221', 'mastercard'],
    ['3782', 'amex'],
    ['6011', 'discover'],
    ['9999', 'unknown'],
  ])('brand of %s… is %s', (prefix, brand) => expect(cardBrandOf(`${prefix}000000000000`)).toBe(brand));

  it.each([
    [2026, 11, false],
    [2026, 10, true],
    [2025, 12, true],
    [2027, 1, false],
  ])('a card expiring %i/%i is expired: %s', (year, month, expired) =>
    expect(isCardExpired({ expYear: year, expMonth: month }, NOW)).toBe(expired),
  );

  it('describes a card by brand and last four only, and refuses a non-Luhn number', () => {
    expect(processor.describeCard(card('4242 4242 4242 4242'))).toEqual({ brand: 'visa', last4: '4242' });
    expect(processor.describeCard(card('4242 4242 4242 4241'))).toBeNull();
  });

  it.each([
    ['4242424242424242', 'charge', 'succeeded'],
    ['5555555555554444', 'charge', 'succeeded'],
    ['4000000000000002', 'charge', 'PAYMENT_DECLINED'],
    ['4000000000000069', 'charge', 'CARD_EXPIRED'],
    ['4000002760003184', 'charge', 'requires_action'],
    ['4000000000000341', 'authorize', 'succeeded'],
    ['4000000000000341', 'charge', 'PAYMENT_DECLINED'],
  ] as const)('%s %s → %s', async (number, kind, expected) => {
    const outcome = await processor[kind]({ card: card(number) }, request);
    expect(outcome.status === 'declined' ? outcome.code : outcome.status).toBe(expected);
  });

  it('declines a card past its expiry date', async () => {
    expect(await processor.charge({ card: card('4242424242424242', 2025, 1) }, request)).toEqual({
      status: 'declined',
      code: 'CARD_EXPIRED',
    });
  });

  it('passes the challenge when approved and fails it when refused', async () => {
    const first = await processor.charge({ card: card('4000002760003184') }, request);
    if (first.status !== 'requires_action') throw new Error('expected a challenge');
    expect(await processor.confirmAction(first.ref, true)).toMatchObject({ status: 'succeeded', paymentMethod: 'pm_local_3184' });
    expect(await processor.confirmAction(first.ref, false)).toEqual({ status: 'declined', code: 'AUTHENTICATION_FAILED' });
  });

  it('charges a saved payment method with its card’s behaviour', async () => {
    expect((await processor.charge({ paymentMethod: 'pm_local_4242' }, request)).status).toBe('succeeded');
    expect((await processor.charge({ paymentMethod: 'pm_local_3184' }, request)).status).toBe('succeeded');
    expect(await processor.charge({ paymentMethod: 'pm_local_0002' }, request)).toEqual({ status: 'declined', code: 'PAYMENT_DECLINED' });
  });
});
