import type { FaxEventKind, FaxFailureReason, FaxStatus } from '../../../src/common/faxes';
import type { FaxProgress } from '../../domain/fax-status';
import { returnSendCredits } from './credits';

// One step of a fax's life written as one D1 batch (one transaction), guarded by optimistic
// concurrency on the fax row: `faxes.updated` is its version. Every statement runs only if the
// fax still carries the version this change was computed from, and the last one moves the fax to
// a strictly greater version. D1 runs a batch atomically, so of two changes computed from the same
// version exactly one applies; the other changes nothing and is re-read and re-applied. (The
// version goes last on purpose: two writers can pick the same new version in the same
// millisecond, never the same old one twice.) A refund rides in the same batch as the move to a
// final status, which happens once, so a fax is refunded at most once.

export interface TimelineEntry {
  kind: FaxEventKind;
  attempt: number;
  pagesSent: number | null;
  reason: FaxFailureReason | null;
}

export interface FaxChange {
  faxId: string;
  /** `faxes.updated` as read. */
  version: number;
  now: number;
  fax: FaxProgress & { localNumber?: string };
  attemptInsert?: { attempt: number; carrier: string };
  attemptUpdate?: {
    attempt: number;
    status: FaxStatus;
    pagesSent: number;
    failureReason: FaxFailureReason | null;
    carrierFaxId: string | null;
    endedAt: number | null;
  };
  timeline: TimelineEntry[];
  refund?: { userId: string; toPaid: number; toDefault: number };
  /** The webhook delivery that caused it: recorded with it, so a repeat is refused as a duplicate. */
  receipt?: { provider: string; eventId: string };
}

export type CommitResult = 'committed' | 'conflict' | 'duplicate';

function isConstraintViolation(err: unknown): boolean {
  for (let current: unknown = err; current instanceof Error; current = current.cause) {
    if (/UNIQUE constraint failed|PRIMARY KEY/i.test(current.message)) return true;
  }
  return false;
}

export async function commitFaxChange(d1: D1Database, change: FaxChange): Promise<CommitResult> {
  const guard = 'EXISTS (SELECT 1 FROM faxes WHERE id = ? AND updated = ?)';
  const guarded = (sql: string, ...values: unknown[]): D1PreparedStatement =>
    d1.prepare(`${sql} ${sql.includes(' WHERE ') ? 'AND' : 'WHERE'} ${guard}`).bind(...values, change.faxId, change.version);
  const { fax } = change;
  const refunded = change.refund ? change.refund.toPaid + change.refund.toDefault : 0;

  const statements: D1PreparedStatement[] = [];
  if (change.receipt) {
    statements.push(
      guarded(
        'INSERT INTO webhook_events (provider, event_id, received_at) SELECT ?, ?, ?',
        change.receipt.provider,
        change.receipt.eventId,
        change.now,
      ),
    );
  }
  if (change.attemptInsert) {
    const a = change.attemptInsert;
    statements.push(
      guarded(
        `INSERT INTO fax_attempts (fax_id, attempt, carrier, status, pages_sent, started_at) SELECT ?, ?, ?, 'QUEUED', 0, ?`,
        change.faxId,
        a.attempt,
        a.carrier,
        change.now,
      ),
    );
  }
  if (change.attemptUpdate) {
    const a = change.attemptUpdate;
    statements.push(
      guarded(
        `UPDATE fax_attempts SET status = ?, pages_sent = ?, failure_reason = ?, carrier_fax_id = coalesce(carrier_fax_id, ?), ended_at = ?
         WHERE fax_id = ? AND attempt = ?`,
        a.status,
        a.pagesSent,
        a.failureReason,
        a.carrierFaxId,
        a.endedAt,
        change.faxId,
        a.attempt,
      ),
    );
  }
  for (const entry of change.timeline) {
    statements.push(
      guarded(
        'INSERT INTO fax_events (id, fax_id, at, attempt, kind, pages_sent, reason) SELECT ?, ?, ?, ?, ?, ?, ?',
        crypto.randomUUID(),
        change.faxId,
        change.now,
        entry.attempt,
        entry.kind,
        entry.pagesSent,
        entry.reason,
      ),
    );
  }
  if (change.refund && refunded > 0) {
    statements.push(returnSendCredits(d1, change.refund.userId, change.refund, { sql: guard, binds: [change.faxId, change.version] }));
  }
  // The anonymised ledger row follows the fax (billing and audit).
  statements.push(
    guarded(
      'UPDATE fax_ledger SET status = ?, refunded = refunded + ?, completed_at = ? WHERE fax_id = ?',
      fax.status,
      refunded,
      fax.completed,
      change.faxId,
    ),
  );
  // Last: the fax itself, moving to its next version.
  statements.push(
    d1
      .prepare(
        `UPDATE faxes SET status = ?, pages_sent = ?, attempt = ?, next_attempt_at = ?, failure_reason = ?, completed = ?,
           refunded = refunded + ?, local_number = coalesce(?, local_number), updated = ?
         WHERE id = ? AND updated = ?`,
      )
      .bind(
        fax.status,
        fax.pagesSent,
        fax.attempt,
        fax.nextAttemptAt,
        fax.failureReason,
        fax.completed,
        refunded,
        fax.localNumber ?? null,
        Math.max(change.now, change.version + 1),
        change.faxId,
        change.version,
      ),
  );

  try {
    const results = await d1.batch(statements);
    return results.at(-1)!.meta.changes > 0 ? 'committed' : 'conflict';
  } catch (err) {
    // The webhook delivery or the attempt was recorded by someone else first: the whole batch
    // rolled back, and what it would have done is already done.
    if (isConstraintViolation(err)) return 'duplicate';
    throw err;
  }
}
