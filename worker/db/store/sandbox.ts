import { inArray, sql } from 'drizzle-orm';
import type { SandboxUse } from '../../domain/sandbox';
import { readFact, writeFact } from './facts';
import type { StoreScope, UserStore } from './open-store';
import { type StoreFaxRow, storeFaxAttempts, storeFaxEvents, storeFaxes } from './schema';

// The sandbox's part of the user's store (decision 048): the day's use against its cap, kept as one
// fact (a wipe leaves it, so wiping cannot reset the cap), a test fax received on demand, and the wipe.

const USE_KEY = 'sandbox-use';

export function readSandboxUse(store: StoreScope): SandboxUse | null {
  const value = readFact(store, USE_KEY);
  return value ? (JSON.parse(value) as SandboxUse) : null;
}

export function saveSandboxUse(store: StoreScope, use: SandboxUse): void {
  writeFact(store, USE_KEY, JSON.stringify(use));
}

export interface SandboxReceivedFax {
  id: string;
  from: string;
  /** The account's own number, when it has one. */
  to: string | null;
  pageCount: number;
  documentKey: string;
  now: number;
}

/** A test fax that has arrived whole: charged nothing, read already (it is no one's unread mail), counted nowhere. */
export function insertSandboxReceivedFax(store: UserStore, fax: SandboxReceivedFax): StoreFaxRow {
  return store.transaction((tx) => {
    const row = tx
      .insert(storeFaxes)
      .values({
        id: fax.id,
        direction: 'RECEIVE',
        status: 'RECEIVED',
        remoteNumber: fax.from,
        localNumber: fax.to,
        pageCount: fax.pageCount,
        pagesSent: fax.pageCount,
        documentKey: fax.documentKey,
        start: fax.now,
        updated: fax.now,
        completed: fax.now,
        read: true,
        livemode: false,
      })
      .returning()
      .get();
    tx.insert(storeFaxEvents)
      .values({ id: crypto.randomUUID(), faxId: fax.id, at: fax.now, attempt: 1, kind: 'RECEIVED', pagesSent: fax.pageCount })
      .run();
    return row;
  });
}

/** Up to `limit` sandbox faxes, oldest first, from faxes_sandbox_idx. */
export function listSandboxFaxes(store: StoreScope, limit: number): StoreFaxRow[] {
  const f = storeFaxes;
  return store.select().from(f).where(sql`${f.livemode} = 0`).orderBy(f.start, f.id).limit(limit).all();
}

/** The sandbox faxes among these ids (a live fax's id finds nothing). */
export function findSandboxFaxes(store: StoreScope, faxIds: string[]): StoreFaxRow[] {
  const f = storeFaxes;
  return faxIds.length === 0
    ? []
    : store
        .select()
        .from(f)
        .where(sql`${inArray(f.id, faxIds)} AND ${f.livemode} = 0`)
        .all();
}

/** Removes sandbox faxes with their attempts and timeline (a live fax named here is left alone). */
export function deleteSandboxFaxes(store: UserStore, faxIds: string[]): StoreFaxRow[] {
  if (faxIds.length === 0) return [];
  return store.transaction((tx) => {
    const f = storeFaxes;
    const rows = tx
      .select()
      .from(f)
      .where(sql`${inArray(f.id, faxIds)} AND ${f.livemode} = 0`)
      .all();
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    tx.delete(storeFaxEvents).where(inArray(storeFaxEvents.faxId, ids)).run();
    tx.delete(storeFaxAttempts).where(inArray(storeFaxAttempts.faxId, ids)).run();
    tx.delete(f).where(inArray(f.id, ids)).run();
    return rows;
  });
}
