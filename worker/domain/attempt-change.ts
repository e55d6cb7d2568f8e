import type { FaxFailureReason } from '../../src/common/faxes';
import type { StoreFaxAttemptRow as FaxAttemptRow } from '../db/store/fax-attempts';
import type { FaxChange, TimelineEntry } from '../db/store/fax-changes';
import type { UserFaxRow } from '../db/store/schema';
import { refundOnCompletion, splitRefund } from './credits';
import { planRetry, type RetryPlan } from './fax-retry';
import {
  type AttemptProgress,
  type AttemptReport,
  applyAttemptReport,
  faxProgressOf,
  isTerminalStatus,
  sameAttemptProgress,
  settleFaxAttempt,
} from './fax-status';

// What one report about an attempt does to the fax, as a change to commit: the rules live in
// worker/domain/fax-status.ts and fax-retry.ts; this only puts them together.

interface AttemptChangePlan {
  change: FaxChange;
  /** The next attempt to queue, when this report ended the attempt and a retry is due. */
  retry: RetryPlan | null;
  refunded: number;
}

interface AttemptChangeInput {
  fax: UserFaxRow;
  attempt: FaxAttemptRow;
  report: AttemptReport;
  carrierFaxId: string | null;
  retryBaseSeconds: number;
  now: number;
}

/** The change, or null when the report changes nothing (a duplicate, a stale or late event). */
export function planAttemptChange({
  fax,
  attempt,
  report,
  carrierFaxId,
  retryBaseSeconds,
  now,
}: AttemptChangeInput): AttemptChangePlan | null {
  const before: AttemptProgress = {
    status: attempt.status,
    pagesSent: attempt.pagesSent,
    failureReason: attempt.failureReason as FaxFailureReason | null,
  };
  const after = applyAttemptReport(before, report, fax.pageCount);
  const learnsCarrierId = attempt.carrierFaxId === null && carrierFaxId !== null;
  if (sameAttemptProgress(before, after) && !learnsCarrierId) return null;

  const ended = !isTerminalStatus(before.status) && isTerminalStatus(after.status);
  const isCurrent = attempt.attempt === fax.attempt && !isTerminalStatus(fax.status);
  const retry =
    ended && isCurrent && after.status === 'FAILED' ? planRetry(after.failureReason!, attempt.attempt, retryBaseSeconds, now) : null;

  const faxBefore = faxProgressOf(fax);
  const faxAfter = settleFaxAttempt(faxBefore, attempt.attempt, after, retry?.at ?? null, now);
  const charge = { chargedDefault: fax.chargedDefault, chargedPaid: fax.chargedPaid, refunded: fax.refunded };
  const finishes = !isTerminalStatus(faxBefore.status) && isTerminalStatus(faxAfter.status);
  const refunded = finishes ? refundOnCompletion(faxAfter.status as 'DELIVERED' | 'FAILED', fax.pageCount, after.pagesSent, charge) : 0;

  const timeline: TimelineEntry[] = [];
  if (before.status !== after.status && after.status !== 'QUEUED') {
    timeline.push({ kind: after.status, attempt: attempt.attempt, pagesSent: after.pagesSent, reason: after.failureReason });
  }
  if (retry) timeline.push({ kind: 'RETRY_SCHEDULED', attempt: retry.attempt, pagesSent: null, reason: after.failureReason });
  // A REFUNDED entry's pagesSent is the number of pages (credits) given back.
  if (refunded > 0) timeline.push({ kind: 'REFUNDED', attempt: attempt.attempt, pagesSent: refunded, reason: null });

  return {
    retry,
    refunded,
    change: {
      faxId: fax.id,
      version: fax.updated,
      now,
      fax: faxAfter,
      attemptUpdate: {
        attempt: attempt.attempt,
        status: after.status,
        pagesSent: after.pagesSent,
        failureReason: after.failureReason,
        carrierFaxId,
        endedAt: ended ? now : attempt.endedAt,
      },
      timeline,
      refund: refunded > 0 ? { userId: fax.userId, ...splitRefund(refunded, charge) } : undefined,
    },
  };
}
