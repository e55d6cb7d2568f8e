import { and, eq } from 'drizzle-orm';
import type { StoreScope } from './open-store';
import { storeCarrierReceipts } from './schema';

// Deliveries this user's store has handled, by their sender's scope and id (decision 042): a
// carrier's inbound events to the user's numbers, and one-time claims such as "this fax's arrival
// was mailed". Kept in the user's store, so D1 keeps none per fax.

export interface Receipt {
  provider: string;
  eventId: string;
}

export function hasStoreReceipt(store: StoreScope, { provider, eventId }: Receipt): boolean {
  return (
    store
      .select({ provider: storeCarrierReceipts.provider })
      .from(storeCarrierReceipts)
      .where(and(eq(storeCarrierReceipts.provider, provider), eq(storeCarrierReceipts.eventId, eventId)))
      .get() !== undefined
  );
}

/** Records the delivery as handled; recording it again changes nothing. */
export function recordStoreReceipt(store: StoreScope, receipt: Receipt, now: number): void {
  store
    .insert(storeCarrierReceipts)
    .values({ ...receipt, receivedAt: now })
    .onConflictDoNothing()
    .run();
}

/** Records the delivery as handled; answers false when it was already (one insert decides). */
export function claimStoreReceipt(store: StoreScope, receipt: Receipt, now: number): boolean {
  const claimed = store
    .insert(storeCarrierReceipts)
    .values({ ...receipt, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: storeCarrierReceipts.eventId })
    .all();
  return claimed.length > 0;
}

/** Gives a claim back: its handling broke off, so a redelivery may try again. */
export function forgetStoreReceipt(store: StoreScope, { provider, eventId }: Receipt): void {
  store
    .delete(storeCarrierReceipts)
    .where(and(eq(storeCarrierReceipts.provider, provider), eq(storeCarrierReceipts.eventId, eventId)))
    .run();
}
