import type { FaxView } from '../../src/common/faxes';
import type { UserStore } from '../db/store/open-store';
import {
  deleteSandboxFaxes,
  findSandboxFaxes,
  insertSandboxReceivedFax,
  listSandboxFaxes,
  readSandboxUse,
  type SandboxReceivedFax,
  saveSandboxUse,
} from '../db/store/sandbox';
import { takeSandboxFaxes } from '../domain/sandbox';
import { deleteObjects } from '../storage/bucket';
import { faxDocumentKey } from '../storage/documents';
import { emitFaxEvents } from './outgoing-webhooks';
import { faxView, type StoreRoom } from './room';

// The sandbox of the public API in the user's object (decision 048): the daily cap, a test fax
// received on demand, and the wipe of every sandbox fax. Sends are taken by acceptSends (sends.ts).

/** Sandbox faxes deleted per batch of a wipe. */
const WIPE_BATCH = 50;

/** Counts `more` sandbox faxes against today's cap; false (nothing counted) when they would pass it. */
export function takeSandboxQuota(store: UserStore, more: number, now: number): boolean {
  const use = takeSandboxFaxes(readSandboxUse(store), more, now);
  if (!use) return false;
  saveSandboxUse(store, use);
  return true;
}

export const sandboxMethods = {
  /** A test fax arrives whole, as if the network handed it over: counted against the cap, its `fax.received` sent. */
  async receiveSandboxFax(this: StoreRoom, userId: string, fax: SandboxReceivedFax): Promise<FaxView | 'LIMIT'> {
    await this.ready(userId);
    if (!takeSandboxQuota(this.store, 1, fax.now)) return 'LIMIT';
    const row = insertSandboxReceivedFax(this.store, fax);
    await emitFaxEvents(this, null, row);
    return faxView(this, row);
  },

  /**
   * Deletes sandbox faxes for good with their PDFs: those named (a live fax named is left alone), or
   * every one. The day's count against the cap stays. Answers how many went.
   */
  async wipeSandbox(this: StoreRoom, userId: string, faxIds: string[] | 'ALL'): Promise<number> {
    await this.ready(userId);
    let deleted = 0;
    for (;;) {
      const batch = faxIds === 'ALL' ? listSandboxFaxes(this.store, WIPE_BATCH) : findSandboxFaxes(this.store, faxIds);
      if (batch.length === 0) return deleted;
      // The bytes first: should this fail, the rows stay and a second wipe finds them again.
      const keys = batch.flatMap((fax) => [faxDocumentKey(userId, fax.id), ...(fax.documentKey ? [fax.documentKey] : [])]);
      await this.ctx.blockConcurrencyWhile(async () => {
        await deleteObjects(this.env, [...new Set(keys)]);
        deleted += deleteSandboxFaxes(
          this.store,
          batch.map((fax) => fax.id),
        ).length;
      });
      if (faxIds !== 'ALL') return deleted;
    }
  },
};

export type SandboxMethods = typeof sandboxMethods;
