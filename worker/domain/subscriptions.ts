import type { SubscriptionType } from '../../src/common/billing';
import { NUMBER_GRACE_DAYS } from '../../src/common/number-rules';
import { isTrialDisabled } from '../../src/common/plan-catalogue';
import type { Allowance, PlanLevel, PlanOptions, PlanTerm } from '../../src/common/plans';

// The subscription lifecycle as rules without I/O (spec §4, §5; docs/decisions/017): who may
// start a trial, how periods move, what a renewal grants and what is due at a given moment.
// Table-tested in tests/unit/subscriptions.test.ts. Times are epoch milliseconds, UTC.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** After a failed renewal the plan keeps going this long, retried daily, then the user is FREE. */
const RENEWAL_GRACE_MS = 3 * DAY_MS;
const RENEWAL_RETRY_MS = DAY_MS;
/** A number stays its owner's this long after the plan ended, then goes back to the pool (the terms say it). */
export const NUMBER_GRACE_MS = NUMBER_GRACE_DAYS * DAY_MS;
/** The renewal reminder goes out this long before the charge. */
export const REMINDER_LEAD_MS = 3 * DAY_MS;

/** A trial for this plan: switched on in the options, and none ever started with this e-mail. */
export function isTrialEligible(options: PlanOptions, level: PlanLevel, term: PlanTerm, hadTrial: boolean): boolean {
  return !hadTrial && !isTrialDisabled(options.trial.disabled, level, term);
}

/** `from` plus whole calendar months in UTC; a day the target month lacks becomes its last day. */
export function addMonthsUtc(from: number, months: number): number {
  const date = new Date(from);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}

/** When a period of this term starting at `start` ends: one calendar month, or one year. */
export function periodEnd(start: number, term: PlanTerm): number {
  return addMonthsUtc(start, term === 'MONTH' ? 1 : 12);
}

function monthsIn(term: PlanTerm): number {
  return term === 'MONTH' ? 1 : 12;
}

/** Pages a paid period grants: the monthly allowance times the months it covers. */
export function renewalGrant(options: PlanOptions, level: PlanLevel, term: PlanTerm): Allowance {
  const monthly = options.allowances[level];
  const months = monthsIn(term);
  return { send: monthly.send * months, receive: monthly.receive * months };
}

/** A trial runs on one month's allowance, whatever the term. */
export function trialGrant(options: PlanOptions, level: PlanLevel): Allowance {
  return { ...options.allowances[level] };
}

export function priceOf(options: PlanOptions, level: PlanLevel, term: PlanTerm): number {
  return term === 'MONTH' ? options.prices[level].month : options.prices[level].year;
}

export interface LifecycleState {
  type: SubscriptionType;
  cancelAtPeriodEnd: boolean;
  /** The end of the paid period or the trial; for FREE, when the last plan ended (or null). */
  currentPeriodEnd: number | null;
  /** Failed charges for the period that ended at currentPeriodEnd, and the last one's time. */
  failedAttempts: number;
  lastFailedAt: number | null;
  ownsNumber: boolean;
  /** Whether the reminder for the coming renewal went out. */
  reminded: boolean;
  /**
   * The processor charges each period itself and reports by webhook (Stripe subscriptions): we
   * never charge it; a paid invoice moves the period, a refused one counts as a failed attempt,
   * and a deleted subscription ends it. The grace end and the number release stay ours.
   */
  renewsItself: boolean;
}

export type DueAction =
  | { kind: 'none' }
  /** Charge the plan price: TRIAL becomes PAID, PAID starts its next period. */
  | { kind: 'renew' }
  /** The plan is over (cancelled, or unpaid after the grace): FREE from `endedAt`. */
  | { kind: 'end'; endedAt: number; reason: 'cancelled' | 'unpaid' }
  | { kind: 'release-number' }
  | { kind: 'remind' };

/** The one thing to do now; call again after doing it until it answers `none`. */
export function dueAction(state: LifecycleState, now: number): DueAction {
  const end = state.currentPeriodEnd;
  if (state.type === 'FREE') {
    return state.ownsNumber && end !== null && now >= end + NUMBER_GRACE_MS ? { kind: 'release-number' } : { kind: 'none' };
  }
  if (end === null) return { kind: 'none' };
  if (now < end) {
    const remindable = !state.cancelAtPeriodEnd && !state.reminded;
    return remindable && end - now <= REMINDER_LEAD_MS ? { kind: 'remind' } : { kind: 'none' };
  }
  if (state.cancelAtPeriodEnd) return { kind: 'end', endedAt: end, reason: 'cancelled' };
  const graceOver = now >= end + RENEWAL_GRACE_MS;
  if (state.renewsItself) {
    // Only a refusal the processor reported ends it here: silence may be a paid invoice whose
    // webhook is still on its way (Stripe retries deliveries for days).
    return graceOver && state.failedAttempts > 0 ? { kind: 'end', endedAt: end + RENEWAL_GRACE_MS, reason: 'unpaid' } : { kind: 'none' };
  }
  if (graceOver) return { kind: 'end', endedAt: end + RENEWAL_GRACE_MS, reason: 'unpaid' };
  if (state.lastFailedAt !== null && now < state.lastFailedAt + RENEWAL_RETRY_MS) return { kind: 'none' };
  return { kind: 'renew' };
}

/** When a plan whose renewal failed stops, or null while nothing failed. */
export function graceEndsAt(state: Pick<LifecycleState, 'type' | 'currentPeriodEnd' | 'failedAttempts'>): number | null {
  if (state.type === 'FREE' || state.currentPeriodEnd === null || state.failedAttempts === 0) return null;
  return state.currentPeriodEnd + RENEWAL_GRACE_MS;
}

/** Human-facing invoice number, e.g. FF-2026-3F2A9C1B: the year and the start of the row's id. */
export function invoiceNumber(at: number, invoiceId: string): string {
  const year = new Date(at).getUTCFullYear();
  return `FF-${year}-${invoiceId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
