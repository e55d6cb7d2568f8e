import type { FaxTotals, FaxView } from '../../src/common/faxes';
import type { ReceivedEnd } from '../db/queries/received-faxes';
import { applyCreditPeriod } from '../db/store/credit-period';
import { readFaxTotals } from '../db/store/fax-counters';
import { listSilentStoreReceivingFaxes } from '../db/store/fax-sweeps';
import { findStoreFax } from '../db/store/faxes';
import { claimStoreReceipt, forgetStoreReceipt, hasStoreReceipt, type Receipt, recordStoreReceipt } from '../db/store/receipts';
import { endStoreReceivedFax, noteStoreReceivingFax, type StoreInboundCall, setStoreFaxRead } from '../db/store/received-faxes';
import type { CreditPeriod } from '../domain/credits';
import { ABANDONED_CALL_MS } from '../domain/fax-sweeps';
import { recordEnded } from './ledger';
import { emitFaxEvents } from './outgoing-webhooks';
import { faxView, pushFax, type StoreRoom, watchOpenFaxes } from './room';

// Receiving (decision 018): a call's fax noted while it comes in, ended once and charged, marked
// read or unread, and closed as failed by the alarm when the call went silent.

export type ReadChange = { fax: FaxView; totals: FaxTotals } | 'NOT_FOUND' | 'NOT_A_RECEIVED_FAX';

export const receivingMethods = {
  /**
   * A call is being answered: its fax exists with the pages in so far. Answers whether that changed
   * the fax, and whether the fax is still being received (an end that comes first or alone still
   * finds it so; a repeat, or a call closed as abandoned, does not). The carrier's event is
   * refused when this store has handled it before (`duplicate`, decision 042); a start is handled
   * by this call alone, so it is recorded here, and an end by handleInboundEvent's last call.
   */
  async noteReceivingFax(
    this: StoreRoom,
    userId: string,
    call: StoreInboundCall,
    pagesReceived: number | null,
    receipt: (Receipt & { handledHere: boolean }) | null = null,
  ): Promise<{ duplicate: boolean; changed: boolean; receiving: boolean }> {
    await this.ready(userId);
    if (receipt && hasStoreReceipt(this.store, receipt)) return { duplicate: true, changed: false, receiving: false };
    const changed = noteStoreReceivingFax(this.store, call, pagesReceived);
    if (receipt?.handledHere) recordStoreReceipt(this.store, { provider: receipt.provider, eventId: receipt.eventId }, call.now);
    const row = findStoreFax(this.store, call.faxId);
    if (changed && row) await pushFax(this, row, false);
    await watchOpenFaxes(this);
    return { duplicate: false, changed, receiving: row?.status === 'RECEIVING' };
  },

  /** The delivery is handled: a repeat of it is refused from now on. */
  async recordReceipt(this: StoreRoom, userId: string, receipt: Receipt): Promise<void> {
    await this.ready(userId);
    recordStoreReceipt(this.store, receipt, Date.now());
  },

  /** Claims a one-time delivery (a mail delivered twice, decision 028): true for the first claim only. */
  async claimReceipt(this: StoreRoom, userId: string, receipt: Receipt): Promise<boolean> {
    await this.ready(userId);
    return claimStoreReceipt(this.store, receipt, Date.now());
  },

  /** Gives a claim back when its handling broke off, so a redelivery tries again. */
  async forgetReceipt(this: StoreRoom, userId: string, receipt: Receipt): Promise<void> {
    await this.ready(userId);
    forgetStoreReceipt(this.store, receipt);
  },

  /** Whether the delivery (or one-time claim) has been handled. */
  async hasReceipt(this: StoreRoom, userId: string, receipt: Receipt): Promise<boolean> {
    await this.ready(userId);
    return hasStoreReceipt(this.store, receipt);
  },

  /** Ends the call's fax once, charging the receive credits of the current period as far as they go. */
  async endReceivedFax(this: StoreRoom, userId: string, call: StoreInboundCall, end: ReceivedEnd, period: CreditPeriod): Promise<boolean> {
    await this.ready(userId);
    applyCreditPeriod(this.store, period, call.now);
    if (!endStoreReceivedFax(this.store, call, end)) return false;
    const row = findStoreFax(this.store, call.faxId);
    if (row) {
      await pushFax(this, row, end.kind === 'received');
      await recordEnded(this, row);
      await emitFaxEvents(this, null, row);
    }
    return true;
  },

  /** Marks a received fax read or unread; the user's other tabs are told when it changed. */
  async setFaxRead(this: StoreRoom, userId: string, faxId: string, read: boolean, now: number): Promise<ReadChange> {
    await this.ready(userId);
    const fax = findStoreFax(this.store, faxId);
    if (!fax) return 'NOT_FOUND';
    if (fax.direction !== 'RECEIVE' || fax.status === 'RECEIVING') return 'NOT_A_RECEIVED_FAX';
    const changed = setStoreFaxRead(this.store, faxId, read, now);
    const row = findStoreFax(this.store, faxId) ?? fax;
    if (changed) await pushFax(this, row, false);
    return { fax: faxView(this, row), totals: readFaxTotals(this.store) };
  },
};

export type ReceivingMethods = typeof receivingMethods;

/** The alarm's part: a call silent for hours is closed as failed, charging nothing. */
export async function closeSilentCalls(room: StoreRoom, now: number): Promise<void> {
  for (const fax of listSilentStoreReceivingFaxes(room.store, now - ABANDONED_CALL_MS)) {
    const call = { faxId: fax.id, from: fax.remoteNumber, to: fax.localNumber ?? '', now };
    if (!endStoreReceivedFax(room.store, call, { kind: 'failed', reason: 'CARRIER_ERROR', pagesReceived: 0 })) continue;
    const row = findStoreFax(room.store, fax.id);
    if (row) {
      await pushFax(room, row, false);
      await recordEnded(room, row);
    }
  }
}
