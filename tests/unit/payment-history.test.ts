import { describe, expect, it } from 'vitest';
import { type LedgerRow, toPaymentLines } from '../../worker/domain/payment-history';

// The payments table from the billing ledger (decision 040): a card check is one line that took
// nothing, never a hold and its release as two payments; credit grants are pages, not money.

function row(kind: LedgerRow['kind'], amountCents: number, fields: Partial<LedgerRow> = {}): LedgerRow {
  return {
    id: `${kind}-${amountCents}-${fields.createdAt ?? 1}`,
    kind,
    status: 'succeeded',
    amountCents,
    currency: 'USD',
    description: `${kind} words`,
    processorRef: 'ref_1',
    createdAt: 1,
    ...fields,
  };
}

describe('toPaymentLines', () => {
  it.each([
    [
      'a trial with a hold of the price, released at once',
      [row('authorization', 1999), row('authorization_release', 1999), row('credit_grant', 0)],
      [{ kind: 'card_check', status: 'verified', amountCents: 0, heldCents: 1999, description: null, cardNote: null }],
    ],
    [
      'a trial with a zero check',
      [row('authorization', 0), row('credit_grant', 0)],
      [{ kind: 'card_check', status: 'verified', amountCents: 0, heldCents: null, description: null, cardNote: null }],
    ],
    ['a trial whose card was not asked', [row('credit_grant', 0)], []],
    [
      'a paid checkout',
      [row('charge', 999), row('credit_grant', 0)],
      [{ kind: 'charge', status: 'paid', amountCents: 999, heldCents: null, description: 'charge words', cardNote: null }],
    ],
    [
      'a failed renewal',
      [row('charge', 999, { status: 'failed' })],
      [{ kind: 'charge', status: 'failed', amountCents: 999, heldCents: null, description: 'charge words', cardNote: null }],
    ],
    [
      'a refund',
      [row('refund', 999)],
      [{ kind: 'refund', status: 'refunded', amountCents: 999, heldCents: null, description: 'refund words', cardNote: null }],
    ],
    [
      'a new card checked',
      [row('card_change', 0, { description: 'New card: Visa ending 4444' })],
      [
        {
          kind: 'card_check',
          status: 'verified',
          amountCents: 0,
          heldCents: null,
          description: null,
          cardNote: 'New card: Visa ending 4444',
        },
      ],
    ],
  ])('%s', (_case, rows, expected) => {
    expect(toPaymentLines(rows)).toEqual(expected.map((line) => expect.objectContaining(line)));
  });

  it('keeps the ledger’s order (newest first) and each line’s own date and id', () => {
    const lines = toPaymentLines([
      row('charge', 1999, { id: 'renewal', createdAt: 30 }),
      row('credit_grant', 0, { createdAt: 30 }),
      row('authorization_release', 1999, { createdAt: 2 }),
      row('authorization', 1999, { id: 'check', createdAt: 2 }),
    ]);
    expect(lines.map((line) => [line.id, line.createdAt, line.status])).toEqual([
      ['renewal', 30, 'paid'],
      ['check', 2, 'verified'],
    ]);
  });
});
