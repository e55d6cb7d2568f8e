import type { FaxFailureReason, FaxStatus } from '../../src/common/faxes';
import type { FaxRow } from '../db/schema';

// How a sent fax moves: QUEUED → SENDING → DELIVERED | FAILED, never backwards, whatever the order
// or number of carrier events (carriers deliver webhooks out of order, twice, or at once). Each
// delivery attempt moves on its own; the fax follows its current attempt, so it is monotonic too.
// See docs/decisions/014-carriers-and-fax-lifecycle.md.

const RANK: Record<FaxStatus, number> = { QUEUED: 0, SENDING: 1, DELIVERED: 2, FAILED: 2, RECEIVING: 1, RECEIVED: 2 };

export function isTerminalStatus(status: FaxStatus): boolean {
  return status === 'DELIVERED' || status === 'FAILED' || status === 'RECEIVED';
}

/** Where one delivery attempt stands. */
export interface AttemptProgress {
  status: FaxStatus;
  pagesSent: number;
  failureReason: FaxFailureReason | null;
}

/** What one carrier event says about an attempt. */
export interface AttemptReport {
  status: FaxStatus;
  /** Pages transmitted so far, when the carrier says. */
  pagesSent: number | null;
  failureReason: FaxFailureReason | null;
}

/**
 * The attempt after one carrier event. A terminal attempt ignores every later event; otherwise the
 * status only moves up, pages sent only grow (never past the fax's pages), and a delivery without
 * a page count means every page went through.
 */
export function applyAttemptReport(current: AttemptProgress, report: AttemptReport, pageCount: number): AttemptProgress {
  if (isTerminalStatus(current.status)) return current;
  const status = RANK[report.status] > RANK[current.status] ? report.status : current.status;
  const reported = report.status === 'DELIVERED' && report.pagesSent === null ? pageCount : (report.pagesSent ?? 0);
  const pagesSent = Math.min(pageCount, Math.max(current.pagesSent, reported));
  const failureReason = status === 'FAILED' ? (report.failureReason ?? 'CARRIER_ERROR') : null;
  return { status, pagesSent, failureReason };
}

export function sameAttemptProgress(a: AttemptProgress, b: AttemptProgress): boolean {
  return a.status === b.status && a.pagesSent === b.pagesSent && a.failureReason === b.failureReason;
}

/** The fax columns the lifecycle moves (the /send page reads them; keep their meaning). */
export interface FaxProgress {
  status: FaxStatus;
  /** Highest page count any attempt reached; never goes down. */
  pagesSent: number;
  /** Attempts started so far. */
  attempt: number;
  /** When the next automatic attempt starts while one is pending, else null. */
  nextAttemptAt: number | null;
  /** The last failed attempt's reason while a retry is pending, or the final one; null once delivered. */
  failureReason: FaxFailureReason | null;
  completed: number | null;
}

/** The fax once attempt `attempt` has started, or null when it may not start (terminal, or not next). */
export function startFaxAttempt(fax: FaxProgress, attempt: number): FaxProgress | null {
  if (isTerminalStatus(fax.status) || attempt !== fax.attempt + 1) return null;
  return { ...fax, attempt, nextAttemptAt: null };
}

/**
 * The fax after its attempt `attemptNumber` reached `attempt`. `retryAt` is when the next attempt
 * starts if this one failed and will be retried (null: no retry). Only the current attempt moves
 * the fax; while a retry is pending the fax keeps the non-terminal status it had reached.
 */
export function settleFaxAttempt(
  fax: FaxProgress,
  attemptNumber: number,
  attempt: AttemptProgress,
  retryAt: number | null,
  now: number,
): FaxProgress {
  if (isTerminalStatus(fax.status) || attemptNumber !== fax.attempt) return fax;
  const pagesSent = Math.max(fax.pagesSent, attempt.pagesSent);
  switch (attempt.status) {
    case 'QUEUED':
      return fax;
    case 'SENDING':
      return { ...fax, status: 'SENDING', pagesSent };
    case 'DELIVERED':
      return { ...fax, status: 'DELIVERED', pagesSent, nextAttemptAt: null, failureReason: null, completed: now };
    case 'FAILED':
      if (retryAt !== null) return { ...fax, pagesSent, nextAttemptAt: retryAt, failureReason: attempt.failureReason };
      return { ...fax, status: 'FAILED', pagesSent, nextAttemptAt: null, failureReason: attempt.failureReason, completed: now };
    case 'RECEIVING':
    case 'RECEIVED':
      // Statuses of received faxes: an outbound attempt never reports them.
      return fax;
  }
}

/** Where a fax row stands, as the rules above read it. */
export function faxProgressOf(
  row: Pick<FaxRow, 'status' | 'pagesSent' | 'attempt' | 'nextAttemptAt' | 'failureReason' | 'completed'>,
): FaxProgress {
  return {
    status: row.status,
    pagesSent: row.pagesSent,
    attempt: row.attempt,
    nextAttemptAt: row.nextAttemptAt,
    failureReason: row.failureReason as FaxFailureReason | null,
    completed: row.completed,
  };
}
