import { addLedgerBatch } from '../db/queries/fax-ledger';
import { findStoreFax } from '../db/store/faxes';
import { clearLedgerBatch, ledgerPendingSince, noteLedgerPending, postponeLedger, takeLedgerBatch } from '../db/store/ledger-backlog';
import type { StoreFaxRow } from '../db/store/schema';
import { isTerminalStatus } from '../domain/fax-status';
import { ledgerEntryOf } from '../domain/ledger-totals';
import { LEDGER_FLUSH_MS, type StoreRoom, watchOpenFaxes } from './room';

// A fax that has ended adds to D1's anonymised ledger (decision 010), not as a row of its own but
// in its period's totals (decision 042): the store notes what it adds, and its alarm adds what
// has gathered in one batch at most LEDGER_FLUSH_MS later, so D1 takes a few rows per user per
// flush whatever the number of faxes. Nothing is lost: a batch D1 refuses is kept and sent again.

/** When the alarm tries again at a batch D1 refused. */
export const LEDGER_RETRY_MS = 60_000;

/** Faxes per batch (a statement of the store binds at most 100 values). */
const LEDGER_BATCH_FAXES = 90;

/** Notes what an ended live fax adds to the ledger; the alarm adds it. */
export async function recordEnded(room: StoreRoom, row: StoreFaxRow): Promise<void> {
  // A sandbox fax (decision 048) is charged nothing and is no part of the ledger.
  if (!isTerminalStatus(row.status) || !row.livemode) return;
  noteLedgerPending(room.store, row.id, ledgerEntryOf(row), Date.now());
  await watchOpenFaxes(room);
}

/** Adds everything waiting to D1's ledger; answers false when D1 refused (the alarm tries again). */
export async function flushLedger(room: StoreRoom, userId: string, now: number): Promise<boolean> {
  for (;;) {
    const batch = takeLedgerBatch(room.store, LEDGER_BATCH_FAXES, (faxId) => {
      // Noted before entries were kept: what the fax adds is read from it, if it is still there.
      const row = findStoreFax(room.store, faxId);
      return row && isTerminalStatus(row.status) ? ledgerEntryOf(row) : null;
    });
    if (!batch) return true;
    try {
      if (batch.totals.length > 0) await addLedgerBatch(room.env.DB, userId, batch.batch, batch.totals);
      clearLedgerBatch(room.store);
    } catch (err) {
      console.warn('The ledger batch', batch.batch, 'was not added; the alarm tries again', err);
      postponeLedger(room.store, now - LEDGER_FLUSH_MS + LEDGER_RETRY_MS);
      return false;
    }
  }
}

/** The alarm's part: adds the ledger once its oldest waiting fax has waited long enough. */
export async function flushLedgerWhenDue(room: StoreRoom, userId: string, now: number): Promise<void> {
  const since = ledgerPendingSince(room.store);
  if (since !== null && since + LEDGER_FLUSH_MS <= now) await flushLedger(room, userId, now);
}

export const ledgerMethods = {
  /** Adds every ended fax's part of the ledger now (before the account's rows go, and in tests). */
  async flushLedger(this: StoreRoom, userId: string): Promise<boolean> {
    await this.ready(userId);
    const flushed = await flushLedger(this, userId, Date.now());
    await watchOpenFaxes(this);
    return flushed;
  },
};

export type LedgerMethods = typeof ledgerMethods;
