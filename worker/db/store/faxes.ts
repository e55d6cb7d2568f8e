import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FaxDirection } from '../../../src/common/faxes';
import { spendable, splitCharge } from '../../domain/credits';
import { moveCredits, readBalance } from './credits';
import { changeFaxCounters } from './fax-counters';
import type { StoreScope, UserStore } from './open-store';
import { type StoreFaxRow, storeFaxEvents, storeFaxes } from './schema';

// The user's faxes in their own store: the send that charges its credits, and the reads of the
// history, the details and the send document (decision 023).

/** A send as the route accepts it; the store needs no user id, it is the user's. */
export interface NewStoreSendFax {
  id: string;
  toNumber: string;
  pageCount: number;
  fileId: string;
  fileName: string;
  /** JSON of the cover page, or null. */
  coverPage: string | null;
  anonymous: boolean;
  now: number;
}

/** Where a history page ends: the keyset of the next. */
export interface FaxPosition {
  start: number;
  id: string;
}

export type SendAcceptance = { accepted: true; fax: StoreFaxRow } | { accepted: false; available: number };

/**
 * Accepts a send if the credits cover its pages: in one transaction it takes the charge (default
 * credits first, then paid), inserts the fax with what it was charged and its first timeline
 * entry, and counts it. Short of credits, nothing is written and the balance is answered.
 */
export function createSendFax(store: UserStore, fax: NewStoreSendFax): SendAcceptance {
  return store.transaction((tx) => {
    const balance = readBalance(tx, 'send');
    if (spendable(balance) < fax.pageCount) return { accepted: false, available: spendable(balance) };
    const split = splitCharge(fax.pageCount, balance);
    const row = tx
      .insert(storeFaxes)
      .values({
        id: fax.id,
        direction: 'SEND',
        status: 'QUEUED',
        remoteNumber: fax.toNumber,
        pageCount: fax.pageCount,
        fileId: fax.fileId,
        fileName: fax.fileName,
        coverPage: fax.coverPage,
        anonymous: fax.anonymous,
        chargedDefault: split.fromDefault,
        chargedPaid: split.fromPaid,
        start: fax.now,
        updated: fax.now,
        read: true,
      })
      .returning()
      .get();
    moveCredits(tx, 'send', 'FAX_CHARGE', { defaultDelta: -split.fromDefault, paidDelta: -split.fromPaid }, fax.now, fax.id);
    tx.insert(storeFaxEvents).values({ id: crypto.randomUUID(), faxId: fax.id, at: fax.now, attempt: 0, kind: 'QUEUED' }).run();
    changeFaxCounters(tx, 'SEND', { total: 1, lifetime: 1 });
    return { accepted: true as const, fax: row };
  });
}

export function findStoreFax(store: StoreScope, faxId: string): StoreFaxRow | null {
  return store.select().from(storeFaxes).where(eq(storeFaxes.id, faxId)).get() ?? null;
}

/** The faxes of one direction's history: everything but the trash. */
export function historyOf(direction: FaxDirection): SQL {
  return and(eq(storeFaxes.direction, direction), isNull(storeFaxes.trashedAt))!;
}

/** One page of the history of one direction, trash excluded, newest first. */
export function listStoreFaxes(store: StoreScope, direction: FaxDirection, after: FaxPosition | null, limit: number): StoreFaxRow[] {
  return listStoreFaxesWhere(store, historyOf(direction), after, limit);
}

/**
 * One page, newest first, of the faxes `where` finds (the history, or a search of it:
 * fax-search.ts). The keyset is a row value, `(start, id) < (?, ?)`, which the list's indexes
 * answer by seeking, so the last page of a long history reads as few rows as the first.
 */
export function listStoreFaxesWhere(store: StoreScope, where: SQL, after: FaxPosition | null, limit: number): StoreFaxRow[] {
  const f = storeFaxes;
  return store
    .select()
    .from(f)
    .where(after ? and(where, sql`(${f.start}, ${f.id}) < (${after.start}, ${after.id})`) : where)
    .orderBy(desc(f.start), desc(f.id))
    .limit(limit)
    .all();
}

/** The fax's timeline, oldest first (insertion order breaks ties within a millisecond). */
export function listStoreFaxEvents(store: StoreScope, faxId: string) {
  return store.select().from(storeFaxEvents).where(eq(storeFaxEvents.faxId, faxId)).orderBy(asc(storeFaxEvents.at), asc(sql`rowid`)).all();
}

/** The newest sent fax still on its way (the send document's `sendingFax`), or null. */
export function findSendingStoreFax(store: StoreScope): StoreFaxRow | null {
  const f = storeFaxes;
  return (
    store
      .select()
      .from(f)
      .where(and(eq(f.direction, 'SEND'), isNull(f.trashedAt), inArray(f.status, ['QUEUED', 'SENDING'])))
      .orderBy(desc(f.start), desc(f.id))
      .limit(1)
      .get() ?? null
  );
}
