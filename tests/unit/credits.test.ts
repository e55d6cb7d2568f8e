import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CreditBalance,
  type FaxCharge,
  NO_PERIOD_CREDITS,
  periodCredits,
  refundOnCompletion,
  spendable,
  splitCharge,
  splitRefund,
} from '../../worker/domain/credits';
import { CreditModel, creditStep, openingBalance } from '../support/credit-model';

const balance = (defaultCredits: number, paidCredits: number): CreditBalance => ({ defaultCredits, paidCredits });

describe('splitCharge: default credits first, then paid, the rest uncovered', () => {
  it.each<[string, number, CreditBalance, ReturnType<typeof splitCharge>]>([
    ['all from default credits', 3, balance(5, 5), { fromDefault: 3, fromPaid: 0, uncovered: 0 }],
    ['default credits run out, paid ones take the rest', 4, balance(3, 5), { fromDefault: 3, fromPaid: 1, uncovered: 0 }],
    ['only paid credits', 2, balance(0, 5), { fromDefault: 0, fromPaid: 2, uncovered: 0 }],
    ['exactly the balance', 10, balance(4, 6), { fromDefault: 4, fromPaid: 6, uncovered: 0 }],
    ['more pages than credits: a received fax keeps them uncovered', 12, balance(4, 6), { fromDefault: 4, fromPaid: 6, uncovered: 2 }],
    ['no credits at all', 3, balance(0, 0), { fromDefault: 0, fromPaid: 0, uncovered: 3 }],
    ['a negative bucket (never written, but never made worse)', 3, balance(-2, 1), { fromDefault: 0, fromPaid: 1, uncovered: 2 }],
  ])('%s', (_label, pages, given, expected) => {
    expect(splitCharge(pages, given)).toEqual(expected);
  });
});

describe('spendable', () => {
  it.each([
    [balance(3, 4), 7],
    [balance(0, 0), 0],
    [balance(-1, 2), 2],
  ])('%o → %i', (given, expected) => {
    expect(spendable(given)).toBe(expected);
  });
});

describe('refundOnCompletion', () => {
  const charge = { chargedDefault: 2, chargedPaid: 3, refunded: 0 };
  it.each<[string, 'DELIVERED' | 'FAILED', number, number, FaxCharge, number]>([
    ['every page delivered', 'DELIVERED', 5, 5, charge, 0],
    ['two pages not delivered', 'DELIVERED', 5, 3, charge, 2],
    ['a final failure refunds everything', 'FAILED', 5, 2, charge, 5],
    ['never more than what is left', 'FAILED', 5, 0, { ...charge, refunded: 4 }, 1],
    ['nothing left to refund', 'DELIVERED', 5, 0, { ...charge, refunded: 5 }, 0],
    ['a fax charged nothing', 'FAILED', 5, 0, { chargedDefault: 0, chargedPaid: 0, refunded: 0 }, 0],
  ])('%s', (_label, outcome, pageCount, delivered, given, expected) => {
    expect(refundOnCompletion(outcome, pageCount, delivered, given)).toBe(expected);
  });
});

describe('splitRefund: paid credits back first', () => {
  it.each<[string, number, FaxCharge, { toPaid: number; toDefault: number }]>([
    ['a full refund restores both buckets', 5, { chargedDefault: 2, chargedPaid: 3, refunded: 0 }, { toPaid: 3, toDefault: 2 }],
    ['a partial refund goes to paid credits first', 2, { chargedDefault: 2, chargedPaid: 3, refunded: 0 }, { toPaid: 2, toDefault: 0 }],
    ['only default credits were charged', 2, { chargedDefault: 4, chargedPaid: 0, refunded: 0 }, { toPaid: 0, toDefault: 2 }],
    ['paid credits already given back', 2, { chargedDefault: 2, chargedPaid: 3, refunded: 3 }, { toPaid: 0, toDefault: 2 }],
  ])('%s', (_label, pages, charge, expected) => {
    expect(splitRefund(pages, charge)).toEqual(expected);
  });
});

describe('grants and renewals', () => {
  it("a period's allowance becomes the default credits of both kinds", () => {
    expect(periodCredits({ send: 150, receive: 300 })).toEqual({ defaultCreditsSend: 150, defaultCreditsReceive: 300 });
  });

  it('a plan that ends leaves no default credits', () => {
    expect(NO_PERIOD_CREDITS).toEqual({ defaultCreditsSend: 0, defaultCreditsReceive: 0 });
  });

  it('a renewal replaces the default credits left and keeps the paid ones', () => {
    const model = new CreditModel({ send: balance(7, 4), receive: balance(2, 1) });
    model.grant(50, 20);
    expect(model.balance).toEqual({ send: balance(50, 4), receive: balance(20, 1) });
  });
});

describe('over any sequence of grants, sends, refunds and receives', () => {
  it('no bucket goes negative, no fax is refunded more than it paid, and the ledger sums to the balance', () => {
    fc.assert(
      fc.property(openingBalance, fc.array(creditStep, { maxLength: 40 }), (opening, steps) => {
        const model = new CreditModel(opening);
        for (const step of steps) {
          if (step.op === 'grant') model.grant(step.send, step.receive);
          else if (step.op === 'send') model.send(step.pages);
          else if (step.op === 'receive') model.receive(step.pages);
          else if (model.sent.length > 0) model.end(model.sent[step.fax % model.sent.length]!, step.outcome, step.delivered);

          for (const kind of ['send', 'receive'] as const) {
            for (const bucket of ['defaultCredits', 'paidCredits'] as const) {
              expect(model.balance[kind][bucket]).toBeGreaterThanOrEqual(0);
              expect(model.ledgerSum(kind, bucket)).toBe(model.balance[kind][bucket]);
            }
          }
          for (const fax of model.sent) {
            expect(fax.refunded).toBeGreaterThanOrEqual(0);
            expect(fax.refunded).toBeLessThanOrEqual(fax.chargedDefault + fax.chargedPaid);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a send and its full refund leave the buckets exactly as they were', () => {
    fc.assert(
      fc.property(fc.nat({ max: 50 }), fc.nat({ max: 50 }), fc.integer({ min: 1, max: 100 }), (d, p, pages) => {
        const model = new CreditModel({ send: balance(d, p), receive: balance(0, 0) });
        const fax = model.send(pages);
        fc.pre(fax !== null);
        model.end(fax!, 'FAILED', 0);
        expect(model.balance.send).toEqual(balance(d, p));
      }),
    );
  });
});
