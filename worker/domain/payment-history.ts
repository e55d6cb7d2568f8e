// What the payments table shows of the billing ledger (decision 040): money the card holder paid,
// was refunded, or was refused, and card checks that took nothing. A trial's check of the card is
// not a payment: the ledger keeps the processor's facts (a hold of the price and its release, or
// a zero authorisation), the table shows one line "card verified, nothing charged". Credit grants
// are pages, not money: the plan card shows those. Table-tested in tests/unit/payment-history.test.ts.

export interface LedgerRow {
  id: string;
  kind: 'charge' | 'refund' | 'authorization' | 'authorization_release' | 'credit_grant' | 'card_change';
  status: 'succeeded' | 'failed';
  amountCents: number;
  currency: string;
  description: string;
  processorRef: string | null;
  createdAt: number;
}

export interface PaymentLine {
  id: string;
  kind: 'charge' | 'refund' | 'card_check';
  status: 'paid' | 'failed' | 'refunded' | 'verified';
  /** What the card holder paid (or was refunded, or was asked and refused); 0 for a card check. */
  amountCents: number;
  /** A card check's hold on the card, released at once (their bank may show it a few days); else null. */
  heldCents: number | null;
  currency: string;
  /** The ledger's own words for a payment; null for a card check, which the view words. */
  description: string | null;
  /** A new card's check: the ledger's words for which card ("New card: Visa ending 4444"); else null. */
  cardNote: string | null;
  createdAt: number;
}

function statusOf(row: LedgerRow): PaymentLine['status'] {
  if (row.status === 'failed') return 'failed';
  if (row.kind === 'refund') return 'refunded';
  return row.kind === 'authorization' || row.kind === 'card_change' ? 'verified' : 'paid';
}

/** The ledger rows (newest first) as the payments table lists them, in the same order. */
export function toPaymentLines(rows: readonly LedgerRow[]): PaymentLine[] {
  const lines: PaymentLine[] = [];
  for (const row of rows) {
    // A release is the end of a hold, shown with it; a grant is pages.
    if (row.kind === 'authorization_release' || row.kind === 'credit_grant') continue;
    const check = row.kind === 'authorization' || row.kind === 'card_change';
    lines.push({
      id: row.id,
      kind: row.kind === 'authorization' || row.kind === 'card_change' ? 'card_check' : row.kind,
      status: statusOf(row),
      amountCents: check ? 0 : row.amountCents,
      heldCents: check && row.amountCents > 0 ? row.amountCents : null,
      currency: row.currency,
      description: check ? null : row.description,
      cardNote: row.kind === 'card_change' ? row.description : null,
      createdAt: row.createdAt,
    });
  }
  return lines;
}
