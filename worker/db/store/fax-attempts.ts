import { and, eq, isNull, sql } from 'drizzle-orm';
import { builtOnce } from './built-once';
import type { StoreScope } from './open-store';
import { storeFaxAttempts, storeFaxes } from './schema';

// A sent fax's attempts in the user's store: the reads the dispatch and the carrier's news need,
// and the two facts learned outside a status change (decision 023). Status changes go through
// commitStoreFaxChange (fax-changes.ts).

export type StoreFaxAttemptRow = typeof storeFaxAttempts.$inferSelect;

export function findStoreAttempt(store: StoreScope, faxId: string, attempt: number): StoreFaxAttemptRow | null {
  // Every page the carrier reports looks its attempt up: built once per store.
  const query = builtOnce(store, 'attempt of a fax', (s) =>
    s
      .select()
      .from(storeFaxAttempts)
      .where(and(eq(storeFaxAttempts.faxId, sql.placeholder('faxId')), eq(storeFaxAttempts.attempt, sql.placeholder('attempt'))))
      .prepare(),
  );
  return query.get({ faxId, attempt }) ?? null;
}

/** Records the carrier's id for an attempt the first time it is known; never replaces one. */
export function setStoreCarrierFaxId(store: StoreScope, faxId: string, attempt: number, carrierFaxId: string): void {
  store
    .update(storeFaxAttempts)
    .set({ carrierFaxId })
    .where(and(eq(storeFaxAttempts.faxId, faxId), eq(storeFaxAttempts.attempt, attempt), isNull(storeFaxAttempts.carrierFaxId)))
    .run();
}

/** Records where the rendered PDF (cover page first) is; set once, reused by every retry. */
export function setStoreDocumentKey(store: StoreScope, faxId: string, key: string): void {
  store.update(storeFaxes).set({ documentKey: key }).where(eq(storeFaxes.id, faxId)).run();
}
