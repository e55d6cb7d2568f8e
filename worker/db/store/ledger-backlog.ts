import { eq, like } from 'drizzle-orm';
import type { StoreScope } from './open-store';
import { storeFacts } from './schema';

// Ended faxes whose row in D1's ledger could not be written yet (decision 023: a D1 error at that
// moment used to lose the row for good). Kept in the store's facts, one key per fax, until the
// object's alarm writes them.

const PREFIX = 'ledger.pending:';

export function noteLedgerPending(store: StoreScope, faxId: string): void {
  store
    .insert(storeFacts)
    .values({ key: `${PREFIX}${faxId}`, value: '1' })
    .onConflictDoNothing()
    .run();
}

export function clearLedgerPending(store: StoreScope, faxId: string): void {
  store
    .delete(storeFacts)
    .where(eq(storeFacts.key, `${PREFIX}${faxId}`))
    .run();
}

/** The fax ids still waiting for their ledger row, at most `limit`. */
export function listLedgerPending(store: StoreScope, limit = 100): string[] {
  return store
    .select({ key: storeFacts.key })
    .from(storeFacts)
    .where(like(storeFacts.key, `${PREFIX}%`))
    .limit(limit)
    .all()
    .map((row) => row.key.slice(PREFIX.length));
}
