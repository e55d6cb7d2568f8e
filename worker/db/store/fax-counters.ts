import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FaxDirection, FaxTotals } from '../../../src/common/faxes';
import { builtOnce } from './built-once';
import type { StoreScope } from './open-store';
import { storeFaxCounters, storeFaxes } from './schema';

// The counts every page shows, kept as counters changed in the same transaction as the fax change
// they count, so reading them costs the same at 2 faxes and at 100,000 (decision 023).

export interface FaxCounterChange {
  /** In the history (not in the trash). */
  total?: number;
  /** Received, arrived, not read, not in the trash. */
  unread?: number;
  trashed?: number;
  /** Every fax there ever was of this direction. */
  lifetime?: number;
}

export interface FaxCounterValues {
  total: number;
  unread: number;
  trashed: number;
  lifetime: number;
}

const ZERO: FaxCounterValues = { total: 0, unread: 0, trashed: 0, lifetime: 0 };

export function changeFaxCounters(store: StoreScope, direction: FaxDirection, change: FaxCounterChange): void {
  const values = { ...ZERO, ...change };
  const c = storeFaxCounters;
  store
    .insert(c)
    .values({ direction, ...values })
    .onConflictDoUpdate({
      target: c.direction,
      set: {
        total: sql`${c.total} + ${values.total}`,
        unread: sql`${c.unread} + ${values.unread}`,
        trashed: sql`${c.trashed} + ${values.trashed}`,
        lifetime: sql`${c.lifetime} + ${values.lifetime}`,
      },
    })
    .run();
}

/** Sets the counters outright (the copy out of D1 and the check that recounts them). */
export function setFaxCounters(store: StoreScope, direction: FaxDirection, values: FaxCounterValues): void {
  store
    .insert(storeFaxCounters)
    .values({ direction, ...values })
    .onConflictDoUpdate({ target: storeFaxCounters.direction, set: values })
    .run();
}

export function readFaxCounters(store: StoreScope, direction: FaxDirection): FaxCounterValues {
  const query = builtOnce(store, 'counters of a direction', (s) =>
    s
      .select()
      .from(storeFaxCounters)
      .where(eq(storeFaxCounters.direction, sql.placeholder('direction')))
      .prepare(),
  );
  const row = query.get({ direction });
  return row ? valuesOf(row) : { ...ZERO };
}

export type AllFaxCounters = Record<FaxDirection, FaxCounterValues>;

/** Both directions' counters in one statement (the table holds one row per direction). */
export function readAllFaxCounters(store: StoreScope): AllFaxCounters {
  const all: AllFaxCounters = { SEND: { ...ZERO }, RECEIVE: { ...ZERO } };
  const query = builtOnce(store, 'counters', (s) => s.select().from(storeFaxCounters).prepare());
  for (const row of query.all()) all[row.direction] = valuesOf(row);
  return all;
}

function valuesOf(row: FaxCounterValues): FaxCounterValues {
  return { total: row.total, unread: row.unread, trashed: row.trashed, lifetime: row.lifetime };
}

/** The counts and lifetime totals a page and a fax.updated event carry, from the counters. */
export function readFaxTotals(store: StoreScope): FaxTotals {
  return faxTotalsOf(readAllFaxCounters(store), countScheduledFaxes(store));
}

/**
 * Faxes waiting for the time they were scheduled for (the navigation's count beside Sent). Read
 * from the partial index of scheduled faxes, so it costs as many entries as there are waiting,
 * not the history; `send_at` is cleared when a fax starts or is cancelled.
 */
export function countScheduledFaxes(store: StoreScope): number {
  const query = builtOnce(store, 'scheduled faxes', (s) =>
    s
      .select({ n: count() })
      .from(storeFaxes)
      .where(and(isNotNull(storeFaxes.sendAt), eq(storeFaxes.livemode, true)))
      .prepare(),
  );
  return query.get()?.n ?? 0;
}

export function faxTotalsOf({ SEND: sent, RECEIVE: received }: AllFaxCounters, scheduled: number): FaxTotals {
  return {
    counts: { unreadReceived: received.unread, received: received.total, sent: sent.total, scheduled },
    lifetimeSendCount: sent.lifetime,
    lifetimeReceiveCount: received.lifetime,
  };
}

/**
 * The counters as the rows say they should be (all but lifetime, which outlives deleted faxes):
 * what the copy out of D1 starts from, and what the tests compare the kept counters with.
 */
export function recountFaxCounters(store: StoreScope, direction: FaxDirection): Omit<FaxCounterValues, 'lifetime'> {
  const f = storeFaxes;
  // Sandbox faxes (decision 048) are never counted.
  const n = (where: ReturnType<typeof and>) =>
    store
      .select({ n: count() })
      .from(f)
      .where(and(where, eq(f.livemode, true)))
      .get()?.n ?? 0;
  return {
    total: n(and(eq(f.direction, direction), isNull(f.trashedAt))),
    unread:
      direction === 'RECEIVE' ? n(and(eq(f.direction, direction), isNull(f.trashedAt), eq(f.read, false), ne(f.status, 'RECEIVING'))) : 0,
    trashed: n(and(eq(f.direction, direction), isNotNull(f.trashedAt))),
  };
}
