import { getDb } from '../db/client';
import { recordFaxLedger } from '../db/queries/fax-ledger';
import { findStoreFax } from '../db/store/faxes';
import { clearLedgerPending, listLedgerPending, noteLedgerPending } from '../db/store/ledger-backlog';
import type { StoreFaxRow } from '../db/store/schema';
import { isTerminalStatus } from '../domain/fax-status';
import { type StoreRoom, watchOpenFaxes } from './room';

/**
 * A fax that has ended goes into D1's anonymised ledger (decision 010). Should D1 fail, the fax
 * is noted in the store and the alarm writes its row later, so none is lost (decision 023).
 */
export async function recordEnded(room: StoreRoom, row: StoreFaxRow): Promise<void> {
  if (!isTerminalStatus(row.status)) return;
  try {
    await recordFaxLedger(getDb(room.env), row);
  } catch (err) {
    console.warn('Could not write the ledger row of fax', row.id, '- the alarm will', err);
    noteLedgerPending(room.store, row.id);
    await watchOpenFaxes(room);
  }
}

/** Writes the ledger rows D1 refused before; what fails again waits for the next alarm. */
export async function writePendingLedger(room: StoreRoom): Promise<void> {
  for (const faxId of listLedgerPending(room.store)) {
    const row = findStoreFax(room.store, faxId);
    try {
      if (row) await recordFaxLedger(getDb(room.env), row);
      clearLedgerPending(room.store, faxId);
    } catch (err) {
      console.warn('The ledger row of fax', faxId, 'is still not written; the next alarm tries again', err);
      return;
    }
  }
}
