import fc from 'fast-check';
import {
  type CreditBalance,
  type CreditKind,
  type FaxCharge,
  periodCredits,
  refundOnCompletion,
  splitCharge,
  splitRefund,
} from '../../worker/domain/credits';

// A user's credits over a sequence of grants, sends, refunds and receives, played with the pure
// rules of worker/domain/credits.ts. The unit property test checks the rules on it alone; the
// integration one plays the same sequence through the SQL in D1 and compares.

export type CreditStep =
  | { op: 'grant'; send: number; receive: number }
  | { op: 'send'; pages: number }
  | { op: 'end'; fax: number; outcome: 'DELIVERED' | 'FAILED'; delivered: number }
  | { op: 'receive'; pages: number };

export const creditStep: fc.Arbitrary<CreditStep> = fc.oneof(
  fc.record({ op: fc.constant('grant' as const), send: fc.integer({ min: 0, max: 60 }), receive: fc.integer({ min: 0, max: 60 }) }),
  fc.record({ op: fc.constant('send' as const), pages: fc.integer({ min: 1, max: 25 }) }),
  fc.record({
    op: fc.constant('end' as const),
    fax: fc.nat(),
    outcome: fc.constantFrom('DELIVERED' as const, 'FAILED' as const),
    delivered: fc.nat({ max: 25 }),
  }),
  fc.record({ op: fc.constant('receive' as const), pages: fc.integer({ min: 1, max: 25 }) }),
);

export const openingBalance = fc.record({
  send: fc.record({ defaultCredits: fc.nat({ max: 30 }), paidCredits: fc.nat({ max: 30 }) }),
  receive: fc.record({ defaultCredits: fc.nat({ max: 30 }), paidCredits: fc.nat({ max: 30 }) }),
});

export interface SentFax extends FaxCharge {
  pageCount: number;
  ended: boolean;
}

/** One credit movement: what a ledger of the account would list. */
export interface LedgerEntry {
  kind: CreditKind;
  bucket: 'defaultCredits' | 'paidCredits';
  /** Where it came from: the fax ledger (fax_ledger) holds the `fax` ones. */
  source: 'opening' | 'grant' | 'fax';
  /** Positive: credits in (opening, grant, refund); negative: out (charge, expiry at a grant). */
  amount: number;
}

export class CreditModel {
  balance: Record<CreditKind, CreditBalance>;
  readonly sent: SentFax[] = [];
  readonly ledger: LedgerEntry[] = [];
  uncoveredReceived = 0;

  constructor(opening: Record<CreditKind, CreditBalance>) {
    this.balance = { send: { defaultCredits: 0, paidCredits: 0 }, receive: { defaultCredits: 0, paidCredits: 0 } };
    for (const kind of ['send', 'receive'] as const) {
      this.move(kind, 'defaultCredits', opening[kind].defaultCredits, 'opening');
      this.move(kind, 'paidCredits', opening[kind].paidCredits, 'opening');
    }
  }

  private move(kind: CreditKind, bucket: LedgerEntry['bucket'], amount: number, source: LedgerEntry['source'] = 'fax'): void {
    if (amount === 0) return;
    this.ledger.push({ kind, bucket, source, amount });
    this.balance[kind][bucket] += amount;
  }

  /** The period's allowance replaces what is left of the default credits (the rest expires). */
  grant(send: number, receive: number): void {
    const credits = periodCredits({ send, receive });
    this.move('send', 'defaultCredits', credits.defaultCreditsSend - this.balance.send.defaultCredits, 'grant');
    this.move('receive', 'defaultCredits', credits.defaultCreditsReceive - this.balance.receive.defaultCredits, 'grant');
  }

  /** The charged fax, or null when the send is refused for want of credits. */
  send(pages: number): SentFax | null {
    const split = splitCharge(pages, this.balance.send);
    if (split.uncovered > 0) return null;
    this.move('send', 'defaultCredits', -split.fromDefault);
    this.move('send', 'paidCredits', -split.fromPaid);
    const fax = { pageCount: pages, chargedDefault: split.fromDefault, chargedPaid: split.fromPaid, refunded: 0, ended: false };
    this.sent.push(fax);
    return fax;
  }

  /** Ends a sent fax once; answers the refund split (null when the fax had ended already). */
  end(fax: SentFax, outcome: 'DELIVERED' | 'FAILED', delivered: number): { toPaid: number; toDefault: number } | null {
    if (fax.ended) return null;
    fax.ended = true;
    const pages = refundOnCompletion(outcome, fax.pageCount, Math.min(delivered, fax.pageCount), fax);
    const refund = splitRefund(pages, fax);
    fax.refunded += pages;
    this.move('send', 'paidCredits', refund.toPaid);
    this.move('send', 'defaultCredits', refund.toDefault);
    return refund;
  }

  receive(pages: number): void {
    const split = splitCharge(pages, this.balance.receive);
    this.move('receive', 'defaultCredits', -split.fromDefault);
    this.move('receive', 'paidCredits', -split.fromPaid);
    this.uncoveredReceived += split.uncovered;
  }

  /** Credits in and out of `kind` other than by faxes: the opening balance, grants and what they expired. */
  credited(kind: CreditKind): number {
    return this.ledger.filter((e) => e.kind === kind && e.source !== 'fax').reduce((sum, e) => sum + e.amount, 0);
  }

  /** The ledger's sum for one bucket: what the balance must be. */
  ledgerSum(kind: CreditKind, bucket: LedgerEntry['bucket']): number {
    return this.ledger.filter((e) => e.kind === kind && e.bucket === bucket).reduce((sum, e) => sum + e.amount, 0);
  }
}
