import { FAX_MAX_ATTEMPTS, type FaxFailureReason } from '../../src/common/faxes';

// Automatic retries and refunds (issue 4 part 7): a busy or unanswered line is tried again later,
// a wrong number never; the user pays only for pages that were delivered.

/**
 * Failures another try may cure: the line was busy or nobody answered, the call dropped midway,
 * or the carrier had a problem of its own. A wrong number, a voice line, a refusal or an
 * unreadable document fail the same way every time.
 */
const TRANSIENT_REASONS: ReadonlySet<FaxFailureReason> = new Set(['BUSY', 'NO_ANSWER', 'LINE_DROPPED', 'CARRIER_ERROR']);

export function isRetryableReason(reason: FaxFailureReason): boolean {
  return TRANSIENT_REASONS.has(reason);
}

/** Seconds between failed attempt `attempt` and the next: base·1, base·3, base·9… */
export function retryDelaySecondsAfter(attempt: number, baseSeconds: number): number {
  return baseSeconds * 3 ** Math.max(0, attempt - 1);
}

export interface RetryPlan {
  attempt: number;
  delaySeconds: number;
  at: number;
}

/** The next attempt after attempt `attempt` failed for `reason`, or null when there is none. */
export function planRetry(reason: FaxFailureReason, attempt: number, baseSeconds: number, now: number): RetryPlan | null {
  if (!isRetryableReason(reason) || attempt >= FAX_MAX_ATTEMPTS) return null;
  const delaySeconds = retryDelaySecondsAfter(attempt, baseSeconds);
  return { attempt: attempt + 1, delaySeconds, at: now + delaySeconds * 1000 };
}

export interface SendCharge {
  chargedDefault: number;
  chargedPaid: number;
  refunded: number;
}

/**
 * Pages to give back when a fax ends: on delivery the pages the carrier did not deliver, on a
 * final failure everything charged. Never more than what is left of the charge.
 */
export function refundOnCompletion(outcome: 'DELIVERED' | 'FAILED', pageCount: number, pagesDelivered: number, charge: SendCharge): number {
  const left = Math.max(0, charge.chargedDefault + charge.chargedPaid - charge.refunded);
  const owed = outcome === 'FAILED' ? left : Math.max(0, pageCount - pagesDelivered);
  return Math.min(left, owed);
}

/**
 * Which buckets a refund of `pages` goes back to. Sending took default credits first, then paid
 * ones, so a refund returns paid credits first (they never expire), then default ones: a full
 * refund restores both buckets exactly.
 */
export function splitRefund(pages: number, charge: SendCharge): { toPaid: number; toDefault: number } {
  // Earlier partial refunds went back to paid first as well.
  const paidLeft = Math.max(0, charge.chargedPaid - charge.refunded);
  const toPaid = Math.min(pages, paidLeft);
  return { toPaid, toDefault: pages - toPaid };
}
