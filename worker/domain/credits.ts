import type { Allowance } from '../../src/common/plans';

// Credits, the pages a user may send and receive (docs/product.md, billing). Each kind has two
// buckets: default credits, the plan's (or the free ones) for the current period, replaced at each
// grant and gone when the plan ends; and paid credits, bought or given back, which never expire.
// A charge takes default credits first, a refund gives paid ones back first. These are the rules,
// and they are also the implementation: the balance lives in the user's own store
// (db/store/credits.ts, decision 023), whose object runs one call at a time, so a charge is read,
// computed with these functions and written in one transaction, and two sends at once can never
// overdraw. D1 keeps only each credit period's allowance (db/queries/credit-period.ts).
// tests/unit/credits.test.ts plays the rules against a model (tests/support/credit-model.ts), and
// tests/integration/user-store.test.ts checks the store against these functions.

export type CreditKind = 'send' | 'receive';

export interface CreditBalance {
  defaultCredits: number;
  paidCredits: number;
}

export interface ChargeSplit {
  fromDefault: number;
  fromPaid: number;
  /** Pages the balance could not cover (a received fax is kept anyway; a send is refused). */
  uncovered: number;
}

/** How `pages` split over the buckets: default credits first, then paid, then uncovered. */
export function splitCharge(pages: number, balance: CreditBalance): ChargeSplit {
  const fromDefault = Math.min(pages, Math.max(0, balance.defaultCredits));
  const fromPaid = Math.min(pages - fromDefault, Math.max(0, balance.paidCredits));
  return { fromDefault, fromPaid, uncovered: pages - fromDefault - fromPaid };
}

/** Credits a send may spend now: both buckets. */
export function spendable(balance: CreditBalance): number {
  return Math.max(0, balance.defaultCredits) + Math.max(0, balance.paidCredits);
}

/** What a fax was charged, and how much of it has been given back. */
export interface FaxCharge {
  chargedDefault: number;
  chargedPaid: number;
  refunded: number;
}

/**
 * Pages to give back when a sent fax ends: on delivery the pages the carrier did not deliver, on a
 * final failure everything charged. Never more than what is left of the charge.
 */
export function refundOnCompletion(outcome: 'DELIVERED' | 'FAILED', pageCount: number, pagesDelivered: number, charge: FaxCharge): number {
  const left = Math.max(0, charge.chargedDefault + charge.chargedPaid - charge.refunded);
  const owed = outcome === 'FAILED' ? left : Math.max(0, pageCount - pagesDelivered);
  return Math.min(left, owed);
}

export interface RefundSplit {
  toPaid: number;
  toDefault: number;
}

/**
 * Which buckets a refund of `pages` goes back to: paid credits first (they never expire), then
 * default ones, so a full refund restores both buckets exactly.
 */
export function splitRefund(pages: number, charge: FaxCharge): RefundSplit {
  // Earlier partial refunds went back to paid first as well.
  const paidLeft = Math.max(0, charge.chargedPaid - charge.refunded);
  const toPaid = Math.min(pages, paidLeft);
  return { toPaid, toDefault: pages - toPaid };
}

/** The default credits of both kinds, as the users row holds them. */
export interface PeriodCredits {
  defaultCreditsSend: number;
  defaultCreditsReceive: number;
}

/**
 * A plan starts or renews, or a new user gets the free pages: the period's allowance replaces what
 * was left of the last period's default credits (they do not carry over); paid credits stay.
 */
export function periodCredits(allowance: Allowance): PeriodCredits {
  return { defaultCreditsSend: allowance.send, defaultCreditsReceive: allowance.receive };
}

/** The plan ended: its default credits go; paid credits stay. */
export const NO_PERIOD_CREDITS: PeriodCredits = periodCredits({ send: 0, receive: 0 });

/**
 * A credit period as D1 numbers it (users.credit_period goes up by one with every grant, renewal
 * and plan end) with its allowance: the user's store takes a period newer than its own before it
 * reads or spends credits (decision 023).
 */
export interface CreditPeriod {
  period: number;
  /** The period's default credits, pages. */
  send: number;
  receive: number;
}

/** The user's balance of both kinds and their lifetime counts, as their store holds them. */
export interface StoreCredits {
  send: CreditBalance;
  receive: CreditBalance;
  lifetimeSendCount: number;
  lifetimeReceiveCount: number;
}
