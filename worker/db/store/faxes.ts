import { and, asc, desc, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { FaxDirection } from '../../../src/common/faxes';
import { spendable, splitCharge } from '../../domain/credits';
import { builtOnce } from './built-once';
import { moveCredits, readBalance } from './credits';
import { changeFaxCounters } from './fax-counters';
import { type MailedBy, recordStoreMailedFax } from './mailed-faxes';
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
  /** Send later: when it starts (UTC ms), or null for at once. */
  sendAt?: number | null;
  /** The send to many numbers it is one recipient of. */
  broadcastId?: string | null;
  /** A fax sent by e-mail: who to tell how it ends, noted with the fax (decision 028). */
  mailedBy?: MailedBy | null;
  /** False for a sandbox fax (decision 048): charged nothing and counted nowhere. Default true. */
  livemode?: boolean;
}

/** Where a history page ends: the keyset of the next. */
export interface FaxPosition {
  start: number;
  id: string;
}

export type SendAcceptance = { accepted: true; faxes: StoreFaxRow[] } | { accepted: false; available: number; needed: number };

/**
 * Accepts the faxes if the credits cover all their pages, or none of them: in one transaction each
 * is charged in turn (default credits first, then paid), inserted with what it was charged and its
 * first timeline entry, and counted. Short of credits, nothing is written and the balance and what
 * was needed are answered. One fax, or one per recipient of a send to many.
 */
export function createSendFaxes(store: UserStore, faxes: readonly NewStoreSendFax[]): SendAcceptance {
  return store.transaction((tx) => {
    const available = spendable(readBalance(tx, 'send'));
    // A sandbox fax takes no credits, so it needs none (decision 048).
    const needed = faxes.reduce((sum, fax) => sum + (fax.livemode === false ? 0 : fax.pageCount), 0);
    if (available < needed) return { accepted: false, available, needed };
    const rows = faxes.map((fax) => {
      const live = fax.livemode !== false;
      const split = live ? splitCharge(fax.pageCount, readBalance(tx, 'send')) : { fromDefault: 0, fromPaid: 0 };
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
          sendAt: fax.sendAt ?? null,
          broadcastId: fax.broadcastId ?? null,
          livemode: live,
        })
        .returning()
        .get();
      if (live) moveCredits(tx, 'send', 'FAX_CHARGE', { defaultDelta: -split.fromDefault, paidDelta: -split.fromPaid }, fax.now, fax.id);
      tx.insert(storeFaxEvents).values({ id: crypto.randomUUID(), faxId: fax.id, at: fax.now, attempt: 0, kind: 'QUEUED' }).run();
      if (fax.mailedBy) recordStoreMailedFax(tx, fax.id, fax.mailedBy, fax.now);
      return row;
    });
    // The counters are the site's (its history and navigation): a sandbox fax is not in them.
    const counted = rows.filter((row) => row.livemode).length;
    if (counted > 0) changeFaxCounters(tx, 'SEND', { total: counted, lifetime: counted });
    return { accepted: true as const, faxes: rows };
  });
}

export function findStoreFax(store: StoreScope, faxId: string): StoreFaxRow | null {
  const query = builtOnce(store, 'fax by id', (s) =>
    s
      .select()
      .from(storeFaxes)
      .where(eq(storeFaxes.id, sql.placeholder('faxId')))
      .prepare(),
  );
  return query.get({ faxId }) ?? null;
}

/**
 * The faxes of one direction's history: everything but the trash, of one mode: the live faxes (the
 * site's history, and live keys'), or with `livemode` false the sandbox's (test keys', decision 048).
 */
export function historyOf(direction: FaxDirection, livemode = true): SQL {
  return and(eq(storeFaxes.direction, direction), isNull(storeFaxes.trashedAt), eq(storeFaxes.livemode, livemode))!;
}

/** One page of the (live) history of one direction, trash excluded, newest first. */
export function listStoreFaxes(store: StoreScope, direction: FaxDirection, after: FaxPosition | null, limit: number): StoreFaxRow[] {
  const f = storeFaxes;
  const history = and(eq(f.direction, sql.placeholder('direction')), isNull(f.trashedAt), eq(f.livemode, true))!;
  if (!after) {
    const query = builtOnce(store, 'history, first page', (s) =>
      s.select().from(f).where(history).orderBy(desc(f.start), desc(f.id)).limit(sql.placeholder('limit')).prepare(),
    );
    return query.all({ direction, limit });
  }
  const query = builtOnce(store, 'history, next page', (s) =>
    s
      .select()
      .from(f)
      .where(pastPosition(history, { start: sql.placeholder('start'), id: sql.placeholder('id') }))
      .orderBy(desc(f.start), desc(f.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  return query.all({ direction, limit, start: after.start, id: after.id });
}

/** `where`, past `after` in list order: a row value, `(start, id) < (?, ?)`, which the list's indexes answer by seeking. */
export function pastPosition(where: SQL, after: FaxPosition | { start: Placeholder; id: Placeholder } | null): SQL {
  const f = storeFaxes;
  return after ? and(where, sql`(${f.start}, ${f.id}) < (${after.start}, ${after.id})`)! : where;
}

/**
 * One page, newest first, of the faxes `where` finds (the history, or a search of it:
 * fax-search.ts). The keyset is sought on the list's indexes, so the last page of a long history
 * reads as few rows as the first.
 */
export function listStoreFaxesWhere(store: StoreScope, where: SQL, after: FaxPosition | null, limit: number): StoreFaxRow[] {
  const f = storeFaxes;
  return store.select().from(f).where(pastPosition(where, after)).orderBy(desc(f.start), desc(f.id)).limit(limit).all();
}

/** Where the faxes `where` finds sit in list order (start, id), one page after `after`, from the index alone. */
export function listStoreFaxPositionsWhere(store: StoreScope, where: SQL, after: FaxPosition | null, limit: number): FaxPosition[] {
  const f = storeFaxes;
  return store
    .select({ start: f.start, id: f.id })
    .from(f)
    .where(pastPosition(where, after))
    .orderBy(desc(f.start), desc(f.id))
    .limit(limit)
    .all();
}

/** The fax's timeline, oldest first (insertion order breaks ties within a millisecond). */
export function listStoreFaxEvents(store: StoreScope, faxId: string) {
  const query = builtOnce(store, 'timeline of a fax', (s) =>
    s
      .select()
      .from(storeFaxEvents)
      .where(eq(storeFaxEvents.faxId, sql.placeholder('faxId')))
      .orderBy(asc(storeFaxEvents.at), asc(sql`rowid`))
      .prepare(),
  );
  return query.all({ faxId });
}

/**
 * The query of the newest sent fax still on its way. Every page render runs it, so it goes through
 * faxes_on_its_way_idx by name: without table statistics SQLite would rather walk faxes_list_idx,
 * that is every sent fax there ever was. Its rows read are checked by a test.
 */
export function sendingFaxQuery(store: StoreScope) {
  const f = storeFaxes;
  const newestOnItsWay = sql`(SELECT id FROM faxes INDEXED BY faxes_on_its_way_idx
    WHERE direction = 'SEND' AND status IN ('QUEUED', 'SENDING') AND trashed_at IS NULL AND send_at IS NULL AND livemode = 1
    ORDER BY start DESC, id DESC LIMIT 1)`;
  return store.select().from(f).where(sql`${f.id} = ${newestOnItsWay}`);
}

/** The newest sent fax still on its way (the send document's `sendingFax`), or null. */
export function findSendingStoreFax(store: StoreScope): StoreFaxRow | null {
  return builtOnce(store, 'sending fax', (s) => sendingFaxQuery(s).prepare()).get() ?? null;
}

/** One fax accepted as createSendFaxes says, or refused with the credits there are. */
export function createSendFax(
  store: UserStore,
  fax: NewStoreSendFax,
): { accepted: true; fax: StoreFaxRow } | { accepted: false; available: number } {
  const result = createSendFaxes(store, [fax]);
  return result.accepted ? { accepted: true, fax: result.faxes[0]! } : { accepted: false, available: result.available };
}

/** The faxes of one send to many, in the order they were accepted. */
export function listBroadcastFaxes(store: StoreScope, broadcastId: string): StoreFaxRow[] {
  return store.select().from(storeFaxes).where(eq(storeFaxes.broadcastId, broadcastId)).orderBy(asc(sql`rowid`)).all();
}
