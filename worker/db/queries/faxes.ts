import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FaxDirection } from '../../../src/common/faxes';
import type { Db } from '../client';
import { faxEvents, faxes, type FaxEventRow, type FaxRow } from '../schema';
import { chargeSplitSql, coversSql, takeFaxCharge } from './credits';

export interface NewSendFax {
  id: string;
  userId: string;
  toNumber: string;
  pageCount: number;
  fileId: string;
  fileName: string;
  /** JSON of the cover page, or null. */
  coverPage: string | null;
  anonymous: boolean;
  now: number;
}

/**
 * Creates a SEND fax and charges its pages in one D1 batch (one transaction): the row is inserted
 * only if the balance covers it, with the split (default credits first, then paid) computed from
 * the balance inside the same statement; the charge, the timeline entry, the ledger row and the
 * lifetime count follow only if that row exists. Concurrent sends therefore can never overdraw.
 * Answers false when the credits were short (nothing was written).
 */
export async function createSendFaxCharged(d1: D1Database, fax: NewSendFax): Promise<boolean> {
  const exists = 'EXISTS (SELECT 1 FROM faxes WHERE id = ?1)';
  const charge = chargeSplitSql('send', '?3');
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO faxes (id, user_id, direction, status, remote_number, page_count, file_id, file_name, cover_page,
           anonymous, charged_default, charged_paid, start, updated, read)
         SELECT ?1, u.id, 'SEND', 'QUEUED', ?2, ?3, ?4, ?5, ?6, ?7,
           ${charge.fromDefault}, ${charge.fromPaid}, ?8, ?8, 1
         FROM users u
         WHERE u.id = ?9 AND u.deleting_at IS NULL AND ${coversSql('send', '?3')}`,
      )
      .bind(fax.id, fax.toNumber, fax.pageCount, fax.fileId, fax.fileName, fax.coverPage, fax.anonymous ? 1 : 0, fax.now, fax.userId),
    takeFaxCharge(d1, 'send', fax.id, fax.userId, { sql: 'EXISTS (SELECT 1 FROM faxes WHERE id = ?)', binds: [fax.id] }),
    d1
      .prepare(`INSERT INTO fax_events (id, fax_id, at, attempt, kind) SELECT ?2, ?1, ?3, 0, 'QUEUED' WHERE ${exists}`)
      .bind(fax.id, crypto.randomUUID(), fax.now),
    d1
      .prepare(
        `INSERT INTO fax_ledger (fax_id, direction, page_count, charged, refunded, status, created_at)
         SELECT id, direction, page_count, charged_default + charged_paid, 0, status, start FROM faxes WHERE id = ?1`,
      )
      .bind(fax.id),
  ]);
  return results[0]!.meta.changes > 0;
}

/** Any user's fax: for work that already knows whose it is (live pushes, jobs). */
export async function findFaxById(db: Db, faxId: string): Promise<FaxRow | null> {
  return (await db.query.faxes.findFirst({ where: eq(faxes.id, faxId) })) ?? null;
}

export async function findFaxOwnedBy(db: Db, userId: string, faxId: string): Promise<FaxRow | null> {
  const row = await db.query.faxes.findFirst({ where: and(eq(faxes.id, faxId), eq(faxes.userId, userId)) });
  return row ?? null;
}

/** The fax's timeline, oldest first (insertion order breaks ties within a millisecond). */
export async function listFaxEvents(db: Db, faxId: string): Promise<FaxEventRow[]> {
  return db.select().from(faxEvents).where(eq(faxEvents.faxId, faxId)).orderBy(asc(faxEvents.at), asc(sql`rowid`));
}

export interface FaxPosition {
  start: number;
  id: string;
}

/**
 * One page of a user's faxes of one direction, not in the trash, newest first. Keyset paging on
 * (start, id) over faxes_list_idx, never OFFSET: a fax arriving meanwhile neither repeats nor
 * hides a row.
 */
export async function listFaxes(
  db: Db,
  userId: string,
  direction: FaxDirection,
  after: FaxPosition | null,
  limit: number,
): Promise<FaxRow[]> {
  const scope = and(eq(faxes.userId, userId), eq(faxes.direction, direction), isNull(faxes.trashedAt));
  const keyset = after ? or(lt(faxes.start, after.start), and(eq(faxes.start, after.start), lt(faxes.id, after.id))) : undefined;
  return db
    .select()
    .from(faxes)
    .where(keyset ? and(scope, keyset) : scope)
    .orderBy(desc(faxes.start), desc(faxes.id))
    .limit(limit);
}

export async function countFaxes(db: Db, userId: string, direction: FaxDirection): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(faxes)
    .where(and(eq(faxes.userId, userId), eq(faxes.direction, direction), isNull(faxes.trashedAt)));
  return row?.total ?? 0;
}

/** The newest of the user's faxes still on its way (spec send document `sendingFax`), or null. */
export async function findSendingFax(db: Db, userId: string): Promise<FaxRow | null> {
  const [row] = await db
    .select()
    .from(faxes)
    .where(
      and(eq(faxes.userId, userId), eq(faxes.direction, 'SEND'), isNull(faxes.trashedAt), inArray(faxes.status, ['QUEUED', 'SENDING'])),
    )
    .orderBy(desc(faxes.start), desc(faxes.id))
    .limit(1);
  return row ?? null;
}
