import { describe, expect, it } from 'vitest';
import {
  type CardDraft,
  checkCard,
  checkCardField,
  formatCardNumber,
  formatExpiry,
  toCardInput,
} from '../../src/components/transaction/card-rules';

const NOW = new Date(Date.UTC(2026, 10, 22));
const GOOD: CardDraft = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123', postalCode: '10001' };

describe('the card form rules', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242', '4242 4242'],
    ['42424242424242424242424', '4242 4242 4242 4242 424'],
    ['', ''],
  ])('shows %j as %j', (typed, shown) => expect(formatCardNumber(typed)).toBe(shown));

  it.each([
    ['1228', '12/28'],
    ['4', '04'],
    ['042', '04/2'],
    ['12', '12'],
    ['12/', '12/'],
    ['1', '1'],
  ])('shows the expiry %j as %j', (typed, shown) => expect(formatExpiry(typed)).toBe(shown));

  it.each([
    ['number', { number: '4242 4242 4242 4241' }, 'numberInvalid'],
    ['number', { number: '4242' }, 'numberInvalid'],
    ['expiry', { expiry: '13/28' }, 'expiryInvalid'],
    ['expiry', { expiry: '10/26' }, 'expiryPast'],
    ['expiry', { expiry: '11/26' }, null],
    ['cvc', { cvc: '12' }, 'cvcInvalid'],
    ['name', { name: '  ' }, 'nameRequired'],
  ] as const)('checks the %s of %j', (field, change, problem) => expect(checkCardField(field, { ...GOOD, ...change }, NOW)).toBe(problem));

  it('finds nothing wrong with a good card and builds the checkout card from it', () => {
    expect(checkCard(GOOD, NOW)).toEqual({});
    expect(toCardInput(GOOD)).toMatchObject({
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2028,
      cvc: '123',
      name: 'Ada Lovelace',
    });
  });
});
