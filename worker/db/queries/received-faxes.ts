import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FaxFailureReason } from '../../../src/common/faxes';
import type { Db } from '../client';
import { faxes, faxNumbers, users, type FaxRow } from '../schema';
import { chargeSplitSql, takeFaxCharge } from './credits';

// RECEIVE faxes in D1 (decision 018). A call's fax is created by whichever of its events arrives
// first (its id is derived from the carrier's, so INSERT OR IGNORE), and leaves RECEIVING once: the
// batch that ends it is guarded by `status = 'RECEIVING'` in every statement, and D1 runs a batch
// as one transaction, so of two deliveries of the end of a call exactly one charges credits.

export interface InboundCall {
  faxId: string;
  userId: string;
  /** E.164 of the caller, null when withheld. */
  from: string | null;
  /** Our number the call came in on. */
  to: string;
  now: number;
}

/** The user a number is assigned to, or null when it is nobody's (free, held, released). */
export async function findNumberOwner(db: Db, number: string): Promise<string | null> {
  // An account being deleted takes no new faxes: its deletion may already have cleared its faxes
  // and documents, and a fax written now would outlive it in R2.
  const [row] = await db
    .select({ ownerUserId: faxNumbers.ownerUserId })
    .from(faxNumbers)
    .innerJoin(users, eq(users.id, faxNumbers.ownerUserId))
    .where(and(eq(faxNumbers.number, number), eq(faxNumbers.state, 'ASSIGNED'), isNull(users.deletingAt)))
    .limit(1);
  return row?.ownerUserId ?? null;
}

function insertReceivingStatement(d1: D1Database, call: InboundCall, pages: number): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO faxes (id, user_id, direction, status, remote_number, local_number, page_count, pages_sent, attempt, start, updated)
       VALUES (?, ?, 'RECEIVE', 'RECEIVING', ?, ?, ?, ?, 1, ?, ?)`,
    )
    .bind(call.faxId, call.userId, call.from, call.to, pages, pages, call.now, call.now);
}

/** The timeline's first entry, once per fax whichever event makes it (its id is the fax's). */
function insertReceivingEntryStatement(d1: D1Database, call: InboundCall): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO fax_events (id, fax_id, at, attempt, kind, pages_sent, reason) VALUES (?, ?, ?, 1, 'RECEIVING', NULL, NULL)`,
    )
    .bind(`${call.faxId}:receiving`, call.faxId, call.now);
}

/**
 * A call is being answered: the fax exists, RECEIVING, with the pages in so far (never fewer than
 * before). Answers true when anything changed, so the page is told.
 */
export async function noteReceivingFax(d1: D1Database, call: InboundCall, pagesReceived: number | null): Promise<boolean> {
  const pages = pagesReceived ?? 0;
  const [inserted, , advanced] = await d1.batch([
    insertReceivingStatement(d1, call, pages),
    insertReceivingEntryStatement(d1, call),
    d1
      .prepare(
        `UPDATE faxes SET pages_sent = ?, page_count = max(page_count, ?), updated = max(?, updated + 1)
         WHERE id = ? AND status = 'RECEIVING' AND pages_sent < ?`,
      )
      .bind(pages, pages, call.now, call.faxId, pages),
  ]);
  return inserted!.meta.changes > 0 || advanced!.meta.changes > 0;
}

/** True while the call's fax has not ended (it exists: noteReceivingFax ran first). */
export async function isStillReceiving(d1: D1Database, faxId: string): Promise<boolean> {
  const row = await d1.prepare('SELECT status FROM faxes WHERE id = ?').bind(faxId).first<{ status: string }>();
  return row?.status === 'RECEIVING';
}

export type ReceivedEnd =
  | { kind: 'received'; pageCount: number; documentKey: string; partial: boolean }
  | { kind: 'failed'; reason: FaxFailureReason; pagesReceived: number };

/**
 * Ends the call's fax, once. Received: the pages are charged to the receive credits, default then
 * paid, as far as they go; pages beyond them are kept and counted as uncovered (never lost, never
 * a negative balance). Failed with nothing kept: no charge, and the fax is born read (there is
 * nothing to read). Answers false when the fax had already ended.
 */
export async function endReceivedFax(d1: D1Database, call: InboundCall, end: ReceivedEnd): Promise<boolean> {
  const receiving = `EXISTS (SELECT 1 FROM faxes WHERE id = ? AND status = 'RECEIVING')`;
  const pages = end.kind === 'received' ? end.pageCount : end.pagesReceived;
  const charge = chargeSplitSql('receive', '?1');
  const statements: D1PreparedStatement[] = [insertReceivingStatement(d1, call, pages), insertReceivingEntryStatement(d1, call)];

  if (end.kind === 'received') {
    statements.push(
      d1
        .prepare(
          `UPDATE faxes SET (charged_default, charged_paid) = (SELECT ${charge.fromDefault}, ${charge.fromPaid} FROM users u WHERE u.id = ?2)
           WHERE id = ?3 AND status = 'RECEIVING'`,
        )
        .bind(pages, call.userId, call.faxId),
      d1
        .prepare(`UPDATE faxes SET uncovered_pages = ? - charged_default - charged_paid WHERE id = ? AND status = 'RECEIVING'`)
        .bind(pages, call.faxId),
      takeFaxCharge(d1, 'receive', call.faxId, call.userId, { sql: receiving, binds: [call.faxId] }),
    );
  }
  const status = end.kind === 'received' ? 'RECEIVED' : 'FAILED';
  const reason = end.kind === 'failed' ? end.reason : null;
  statements.push(
    d1
      .prepare(`INSERT INTO fax_events (id, fax_id, at, attempt, kind, pages_sent, reason) SELECT ?, ?, ?, 1, ?, ?, ? WHERE ${receiving}`)
      .bind(crypto.randomUUID(), call.faxId, call.now, status, pages, reason, call.faxId),
    // The anonymised billing and audit record (no user, no numbers, no document).
    d1
      .prepare(
        `INSERT OR IGNORE INTO fax_ledger (fax_id, direction, page_count, charged, refunded, status, created_at, completed_at)
         SELECT id, 'RECEIVE', ?, charged_default + charged_paid, 0, ?, start, ? FROM faxes WHERE id = ? AND status = 'RECEIVING'`,
      )
      .bind(pages, status, call.now, call.faxId),
    // Last: the fax leaves RECEIVING, which closes every guard above for any later delivery.
    d1
      .prepare(
        `UPDATE faxes SET status = ?, page_count = ?, pages_sent = ?, document_key = ?, partial = ?, failure_reason = ?,
           completed = ?, read = ?, updated = max(?, updated + 1)
         WHERE id = ? AND status = 'RECEIVING'`,
      )
      .bind(
        status,
        pages,
        pages,
        end.kind === 'received' ? end.documentKey : null,
        end.kind === 'received' && end.partial ? 1 : 0,
        reason,
        call.now,
        end.kind === 'failed' ? 1 : 0,
        call.now,
        call.faxId,
      ),
  );
  const results = await d1.batch(statements);
  return results.at(-1)!.meta.changes > 0;
}

/** The user's faxes arriving now (spec receive document `receivingFax`), oldest first. */
export async function listReceivingFaxes(db: Db, userId: string): Promise<FaxRow[]> {
  return db
    .select()
    .from(faxes)
    .where(and(eq(faxes.userId, userId), eq(faxes.direction, 'RECEIVE'), eq(faxes.status, 'RECEIVING'), isNull(faxes.trashedAt)))
    .orderBy(faxes.start, faxes.id);
}

/** The newest fax that has arrived (spec `lastReceivedEntry`), or null. */
export async function findLastReceivedFax(db: Db, userId: string): Promise<FaxRow | null> {
  const [row] = await db
    .select()
    .from(faxes)
    .where(and(eq(faxes.userId, userId), eq(faxes.direction, 'RECEIVE'), eq(faxes.status, 'RECEIVED'), isNull(faxes.trashedAt)))
    .orderBy(desc(faxes.completed), desc(faxes.id))
    .limit(1);
  return row ?? null;
}

/** Marks a received fax read or unread; answers false when nothing changed (already so, or not one that can be). */
export async function setReceivedFaxRead(d1: D1Database, userId: string, faxId: string, read: boolean, now: number): Promise<boolean> {
  const result = await d1
    .prepare(
      `UPDATE faxes SET read = ?, updated = max(?, updated + 1)
       WHERE id = ? AND user_id = ? AND direction = 'RECEIVE' AND status <> 'RECEIVING' AND read <> ?`,
    )
    .bind(read ? 1 : 0, now, faxId, userId, read ? 1 : 0)
    .run();
  return result.meta.changes > 0;
}
