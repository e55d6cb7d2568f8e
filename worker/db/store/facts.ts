import { eq, sql } from 'drizzle-orm';
import { builtOnce } from './built-once';
import type { StoreScope } from './open-store';
import { storeFacts } from './schema';

// The store's facts: one value a key, for what the store must remember about itself (its owner,
// the credit period applied, the ledger's backlog, the sandbox's use, a copy's progress). Read on
// every change of a fax (the alarm's anchors), so both statements are built once per store.

/** The value kept under `key`, or null when there is none. */
export function readFact(store: StoreScope, key: string): string | null {
  const query = builtOnce(store, 'fact by key', (s) =>
    s
      .select({ value: storeFacts.value })
      .from(storeFacts)
      .where(eq(storeFacts.key, sql.placeholder('key')))
      .prepare(),
  );
  return query.get({ key })?.value ?? null;
}

/** Keeps `value` under `key`, replacing what was there. */
export function writeFact(store: StoreScope, key: string, value: string): void {
  const query = builtOnce(store, 'write a fact', (s) =>
    s
      .insert(storeFacts)
      .values({ key: sql.placeholder('key'), value: sql.placeholder('value') })
      .onConflictDoUpdate({ target: storeFacts.key, set: { value: sql`excluded.value` } })
      .prepare(),
  );
  query.run({ key, value });
}
