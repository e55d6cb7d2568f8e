import { readFact } from './facts';
import type { StoreScope } from './open-store';
import { storeFacts } from './schema';

// The object is found by the user's id but is not told it again when its alarm rings, so the
// store keeps it (for the D1 writes an alarm may make: the ledger of a fax it closes).

const OWNER_KEY = 'owner';

export function readStoreOwner(store: StoreScope): string | null {
  return readFact(store, OWNER_KEY);
}

export function saveStoreOwner(store: StoreScope, userId: string): void {
  store.insert(storeFacts).values({ key: OWNER_KEY, value: userId }).onConflictDoNothing().run();
}
