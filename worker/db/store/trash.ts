import { and, asc, desc, eq, inArray, isNotNull, lt, min, sql } from 'drizzle-orm';
import { canBeTrashed, trashCounterChange } from '../../domain/trash';
import { builtOnce } from './built-once';
import { changeFaxCounters, readFaxCounters } from './fax-counters';
import type { FaxPosition } from './faxes';
import type { StoreScope, UserStore } from './open-store';
import { type StoreFaxRow, storeFaxAttempts, storeFaxEvents, storeFaxes } from './schema';

// The trash in the user's store (decision 024): moving faxes in and out, its list, and deleting
// faxes forever. Every move changes the counters in the same transaction, so the counts stay
// right however faxes come and go.

export type TrashMove = { moved: StoreFaxRow[] } | 'NOT_FOUND' | 'IN_PROGRESS';

/**
 * Moves the faxes into the trash (`into`) or back to the history, all or none: an id the user has
 * no fax by answers NOT_FOUND, a fax still on its way IN_PROGRESS, and nothing changes. Faxes
 * already where they are asked to go are left alone; the ones that moved are answered.
 */
export function moveFaxesToTrash(store: UserStore, faxIds: string[], into: boolean, now: number): TrashMove {
  return store.transaction((tx) => {
    const f = storeFaxes;
    const rows = tx.select().from(f).where(inArray(f.id, faxIds)).all();
    // The trash is the site's: a sandbox fax (decision 048) has none, it is wiped instead.
    if (rows.length < faxIds.length || rows.some((fax) => !fax.livemode)) return 'NOT_FOUND';
    if (into && rows.some((fax) => !canBeTrashed(fax))) return 'IN_PROGRESS';
    const moving = rows.filter((fax) => (fax.trashedAt !== null) !== into);
    const moved: StoreFaxRow[] = [];
    for (const fax of moving) {
      const row = tx
        .update(f)
        .set({ trashedAt: into ? now : null, updated: sql`max(${now}, ${f.updated} + 1)` })
        .where(eq(f.id, fax.id))
        .returning()
        .get();
      changeFaxCounters(tx, fax.direction, trashCounterChange(fax, into));
      moved.push(row);
    }
    return { moved };
  });
}

/** One page of the trash, both directions, newest first, on the same keyset as the history. */
export function listTrashedFaxes(store: StoreScope, after: FaxPosition | null, limit: number): StoreFaxRow[] {
  const f = storeFaxes;
  const trashed = isNotNull(f.trashedAt);
  return store
    .select()
    .from(f)
    .where(after ? and(trashed, sql`(${f.start}, ${f.id}) < (${after.start}, ${after.id})`) : trashed)
    .orderBy(desc(f.start), desc(f.id))
    .limit(limit)
    .all();
}

/** The faxes named that are in the trash; null when the user has no fax by one of the ids. */
export function findTrashedFaxes(store: StoreScope, faxIds: string[]): { trashed: StoreFaxRow[]; notTrashed: number } | null {
  const rows = store.select().from(storeFaxes).where(inArray(storeFaxes.id, faxIds)).all();
  if (rows.length < faxIds.length) return null;
  const trashed = rows.filter((fax) => fax.trashedAt !== null);
  return { trashed, notTrashed: rows.length - trashed.length };
}

/** Up to `limit` trashed faxes, the longest trashed first; with `before`, only those trashed before it. */
export function oldestTrashedFaxes(store: StoreScope, limit: number, before?: number): StoreFaxRow[] {
  const f = storeFaxes;
  return store
    .select()
    .from(f)
    .where(before === undefined ? isNotNull(f.trashedAt) : and(isNotNull(f.trashedAt), lt(f.trashedAt, before)))
    .orderBy(asc(f.trashedAt))
    .limit(limit)
    .all();
}

/** When the longest-trashed fax was trashed, or null with an empty trash. */
export function oldestTrashing(store: StoreScope): number | null {
  const query = builtOnce(store, 'oldest trashing', (s) =>
    s
      .select({ at: min(storeFaxes.trashedAt) })
      .from(storeFaxes)
      .where(isNotNull(storeFaxes.trashedAt))
      .prepare(),
  );
  return query.get()?.at ?? null;
}

/** Faxes in the trash now, from the counters (never a count of the rows). */
export function countTrashedFaxes(store: StoreScope): number {
  return readFaxCounters(store, 'SEND').trashed + readFaxCounters(store, 'RECEIVE').trashed;
}

/**
 * Removes the faxes with their attempts and timeline, if they are still in the trash, and takes
 * them off the trash count; answers those removed. The billing ledger (D1) is not the store's and
 * stays, as do the lifetime counts.
 */
export function deleteTrashedFaxes(store: UserStore, faxIds: string[]): StoreFaxRow[] {
  return store.transaction((tx) => {
    const f = storeFaxes;
    const rows = tx
      .select()
      .from(f)
      .where(and(inArray(f.id, faxIds), isNotNull(f.trashedAt)))
      .all();
    if (rows.length === 0) return [];
    const ids = rows.map((fax) => fax.id);
    tx.delete(storeFaxEvents).where(inArray(storeFaxEvents.faxId, ids)).run();
    tx.delete(storeFaxAttempts).where(inArray(storeFaxAttempts.faxId, ids)).run();
    tx.delete(f).where(inArray(f.id, ids)).run();
    for (const direction of ['SEND', 'RECEIVE'] as const) {
      const n = rows.filter((fax) => fax.direction === direction).length;
      if (n > 0) changeFaxCounters(tx, direction, { trashed: -n });
    }
    return rows;
  });
}

/** The uploaded documents (file ids) that no fax but those of `leaving` still uses. */
export function unusedFileIds(store: StoreScope, fileIds: string[], leaving: ReadonlySet<string>): string[] {
  const distinct = [...new Set(fileIds)];
  if (distinct.length === 0) return [];
  const used = new Set(
    store
      .select({ id: storeFaxes.id, fileId: storeFaxes.fileId })
      .from(storeFaxes)
      .where(inArray(storeFaxes.fileId, distinct))
      .all()
      .filter((row) => !leaving.has(row.id))
      .map((row) => row.fileId),
  );
  return distinct.filter((id) => !used.has(id));
}
