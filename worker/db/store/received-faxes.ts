import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { splitCharge } from '../../domain/credits';
import type { InboundCall, ReceivedEnd } from '../queries/received-faxes';
import { builtOnce } from './built-once';
import { moveCredits, readBalance } from './credits';
import { changeFaxCounters } from './fax-counters';
import type { StoreScope, UserStore } from './open-store';
import { type StoreFaxRow, storeFaxEvents, storeFaxes } from './schema';

// Received faxes in the user's own store (decision 018 for the rules, 023 for the store). A call's
// fax is made by whichever of its events comes first (its id derives from the carrier's) and leaves
// RECEIVING once, charging the receive credits as far as they go; the counters move with it.

export type StoreInboundCall = Omit<InboundCall, 'userId'>;

/** The call's fax, RECEIVING, made once (with its first timeline entry and its count). */
function ensureReceiving(store: StoreScope, call: StoreInboundCall, pages: number): boolean {
  const made = store
    .insert(storeFaxes)
    .values({
      id: call.faxId,
      direction: 'RECEIVE',
      status: 'RECEIVING',
      remoteNumber: call.from,
      localNumber: call.to,
      pageCount: pages,
      pagesSent: pages,
      attempt: 1,
      start: call.now,
      updated: call.now,
    })
    .onConflictDoNothing()
    .returning({ id: storeFaxes.id })
    .all();
  if (made.length === 0) return false;
  store
    .insert(storeFaxEvents)
    .values({ id: `${call.faxId}:receiving`, faxId: call.faxId, at: call.now, attempt: 1, kind: 'RECEIVING' })
    .run();
  changeFaxCounters(store, 'RECEIVE', { total: 1 });
  return true;
}

/** A call is being answered: its fax exists with the pages in so far (never fewer). True when anything changed. */
export function noteStoreReceivingFax(store: UserStore, call: StoreInboundCall, pagesReceived: number | null): boolean {
  const pages = pagesReceived ?? 0;
  return store.transaction((tx) => {
    const made = ensureReceiving(tx, call, pages);
    const advanced = tx
      .update(storeFaxes)
      .set({
        pagesSent: pages,
        pageCount: sql`max(${storeFaxes.pageCount}, ${pages})`,
        updated: sql`max(${call.now}, ${storeFaxes.updated} + 1)`,
      })
      .where(and(eq(storeFaxes.id, call.faxId), eq(storeFaxes.status, 'RECEIVING'), sql`${storeFaxes.pagesSent} < ${pages}`))
      .returning({ id: storeFaxes.id })
      .all();
    return made || advanced.length > 0;
  });
}

/**
 * Ends the call's fax, once. Received: its pages are charged to the receive credits, default then
 * paid, as far as they go, and the rest kept as uncovered; it arrives unread and counts in the
 * lifetime total. Failed: no charge, born read. False when it had already ended.
 */
export function endStoreReceivedFax(store: UserStore, call: StoreInboundCall, end: ReceivedEnd): boolean {
  const pages = end.kind === 'received' ? end.pageCount : end.pagesReceived;
  return store.transaction((tx) => {
    ensureReceiving(tx, call, pages);
    const fax = tx.select({ status: storeFaxes.status }).from(storeFaxes).where(eq(storeFaxes.id, call.faxId)).get();
    if (fax?.status !== 'RECEIVING') return false;
    const received = end.kind === 'received';
    let charge = { fromDefault: 0, fromPaid: 0, uncovered: 0 };
    if (received) {
      charge = splitCharge(pages, readBalance(tx, 'receive'));
      moveCredits(tx, 'receive', 'FAX_CHARGE', { defaultDelta: -charge.fromDefault, paidDelta: -charge.fromPaid }, call.now, call.faxId);
      changeFaxCounters(tx, 'RECEIVE', { unread: 1, lifetime: 1 });
    }
    const status = received ? 'RECEIVED' : 'FAILED';
    const reason = end.kind === 'failed' ? end.reason : null;
    tx.insert(storeFaxEvents)
      .values({ id: crypto.randomUUID(), faxId: call.faxId, at: call.now, attempt: 1, kind: status, pagesSent: pages, reason })
      .run();
    tx.update(storeFaxes)
      .set({
        status,
        pageCount: pages,
        pagesSent: pages,
        documentKey: received ? end.documentKey : null,
        partial: received && end.partial,
        failureReason: reason,
        chargedDefault: charge.fromDefault,
        chargedPaid: charge.fromPaid,
        uncoveredPages: charge.uncovered,
        completed: call.now,
        read: !received,
        updated: sql`max(${call.now}, ${storeFaxes.updated} + 1)`,
      })
      .where(eq(storeFaxes.id, call.faxId))
      .run();
    return true;
  });
}

/** Marks a received fax read or unread; false when nothing changed (already so, still arriving, not one). */
export function setStoreFaxRead(store: UserStore, faxId: string, read: boolean, now: number): boolean {
  return store.transaction((tx) => {
    const f = storeFaxes;
    const fax = tx.select().from(f).where(eq(f.id, faxId)).get();
    if (fax?.direction !== 'RECEIVE' || fax.status === 'RECEIVING' || fax.read === read) return false;
    tx.update(f)
      .set({ read, updated: sql`max(${now}, ${f.updated} + 1)` })
      .where(eq(f.id, faxId))
      .run();
    if (fax.trashedAt === null && fax.livemode) changeFaxCounters(tx, 'RECEIVE', { unread: read ? -1 : 1 });
    return true;
  });
}

/** The faxes arriving now (the receive document's `receivingFax`), oldest first. */
export function listStoreReceivingFaxes(store: StoreScope): StoreFaxRow[] {
  const f = storeFaxes;
  const query = builtOnce(store, 'faxes arriving', (s) =>
    s
      .select()
      .from(f)
      .where(and(eq(f.direction, 'RECEIVE'), eq(f.status, 'RECEIVING'), isNull(f.trashedAt)))
      .orderBy(asc(f.start), asc(f.id))
      .prepare(),
  );
  return query.all();
}

/** The newest fax that has arrived (`lastReceivedEntry`), or null. */
export function findLastStoreReceivedFax(store: StoreScope): StoreFaxRow | null {
  const f = storeFaxes;
  return (
    store
      .select()
      .from(f)
      .where(and(eq(f.direction, 'RECEIVE'), eq(f.status, 'RECEIVED'), isNull(f.trashedAt), eq(f.livemode, true)))
      .orderBy(desc(f.completed), desc(f.id))
      .limit(1)
      .get() ?? null
  );
}
