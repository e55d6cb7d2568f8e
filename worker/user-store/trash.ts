import type { DeleteForeverResult, TrashChangeResult } from '../../src/common/trash';
import { readFaxTotals } from '../db/store/fax-counters';
import { type FaxPosition, findStoreFax } from '../db/store/faxes';
import type { StoreFaxRow } from '../db/store/schema';
import { countTrashedFaxes, findTrashedFaxes, listTrashedFaxes, moveFaxesToTrash, oldestTrashedFaxes } from '../db/store/trash';
import { purgeCutoff } from '../domain/trash';
import { deleteFaxesForever } from './fax-deletion';
import { faxView, faxViews, pushFax, type StoreRoom, watchOpenFaxes } from './room';

// The trash (decision 024): faxes moved in and out, listed, deleted forever on request, and
// purged by the alarm once their retention ends.

export type TrashChange = TrashChangeResult | 'NOT_FOUND' | 'IN_PROGRESS';

export type ForeverDeletion = DeleteForeverResult | 'NOT_FOUND' | 'NOT_IN_TRASH';

/** Faxes deleted forever per batch, and batches per call ("empty the trash", the purge). */
const DELETE_BATCH = 100;
const DELETE_BATCHES_PER_CALL = 5;

export const trashMethods = {
  /** Moves the faxes into the trash (`into`) or back, all or none; every open page is told. */
  async moveToTrash(this: StoreRoom, userId: string, faxIds: string[], into: boolean, now: number): Promise<TrashChange> {
    await this.ready(userId);
    const result = moveFaxesToTrash(this.store, faxIds, into, now);
    if (typeof result === 'string') return result;
    for (const row of result.moved) await pushFax(this, row, false);
    await watchOpenFaxes(this);
    const changed = new Set(result.moved.map((row) => row.id));
    const faxes = faxIds.flatMap((id) => {
      const row = changed.has(id) ? result.moved.find((fax) => fax.id === id) : findStoreFax(this.store, id);
      return row ? [faxView(this, row)] : [];
    });
    return { faxes, totals: readFaxTotals(this.store), trashTotal: countTrashedFaxes(this.store) };
  },

  async listTrash(this: StoreRoom, userId: string, after: FaxPosition | null, limit: number) {
    await this.ready(userId);
    return { faxes: faxViews(this, listTrashedFaxes(this.store, after, limit)), total: countTrashedFaxes(this.store) };
  },

  /**
   * Deletes faxes in the trash forever: those named (all must be in the trash, or nothing is
   * deleted), or with 'ALL' a bounded part of the whole trash, oldest trashing first; answers what
   * is left for the page to go on with.
   */
  async deleteForever(this: StoreRoom, userId: string, faxIds: string[] | 'ALL'): Promise<ForeverDeletion> {
    await this.ready(userId);
    if (faxIds !== 'ALL') {
      const found = findTrashedFaxes(this.store, faxIds);
      if (!found) return 'NOT_FOUND';
      if (found.notTrashed > 0) return 'NOT_IN_TRASH';
      const deleted = await deleteBatch(this, userId, found.trashed);
      return { deleted, remaining: countTrashedFaxes(this.store) };
    }
    let deleted = 0;
    for (let batch = 0; batch < DELETE_BATCHES_PER_CALL; batch++) {
      const faxes = oldestTrashedFaxes(this.store, DELETE_BATCH);
      if (faxes.length === 0) break;
      deleted += await deleteBatch(this, userId, faxes);
    }
    return { deleted, remaining: countTrashedFaxes(this.store) };
  },
};

export type TrashMethods = typeof trashMethods;

/** The alarm's part: what has been in the trash longer than TRASH_RETENTION_DAYS, a bounded part per alarm. */
export async function purgeExpiredTrash(room: StoreRoom, userId: string, now: number): Promise<void> {
  for (let batch = 0; batch < DELETE_BATCHES_PER_CALL; batch++) {
    const expired = oldestTrashedFaxes(room.store, DELETE_BATCH, purgeCutoff(now));
    if (expired.length === 0) return;
    await deleteBatch(room, userId, expired);
  }
  // More than a call's worth expired: come back soon for the rest.
  await room.ctx.storage.setAlarm(Date.now() + 1000);
}

/**
 * One batch deleted forever, with nothing else running in the object meanwhile: a restore
 * arriving while the batch's documents are being deleted waits, so it never gets back a fax
 * whose PDF is gone.
 */
async function deleteBatch(room: StoreRoom, userId: string, faxes: StoreFaxRow[]): Promise<number> {
  const deleted = await room.ctx.blockConcurrencyWhile(() => deleteFaxesForever(room.env, room.store, userId, faxes));
  if (deleted.length > 0) {
    await room.publish({
      type: 'faxes.deleted',
      at: Date.now(),
      faxIds: deleted.map((fax) => fax.id),
      totals: readFaxTotals(room.store),
      trashTotal: countTrashedFaxes(room.store),
    });
  }
  return deleted.length;
}
