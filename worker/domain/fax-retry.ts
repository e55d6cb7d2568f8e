import { FAX_MAX_ATTEMPTS, type FaxFailureReason } from '../../src/common/faxes';

// Automatic retries and refunds (decision 014): a busy or unanswered line is tried again later,
// a wrong number never. What a failed fax gives back is in credits.ts.

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
