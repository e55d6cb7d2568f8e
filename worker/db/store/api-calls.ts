import { and, eq, lt, sql } from 'drizzle-orm';
import { builtOnce } from './built-once';
import type { StoreScope } from './open-store';
import { type StoreIdempotencyKeyRow, storeApiCalls, storeIdempotencyKeys } from './schema';

// The public API's records in the key owner's store (decision 046): calls counted per key and
// window, and Idempotency-Key claims with the answers to replay.

/** Counts one call of the key in the window; answers the count with it. */
export function countApiCall(store: StoreScope, keyId: string, windowStart: number): number {
  // Every /v1 call runs it: built once per store (built-once.ts).
  const query = builtOnce(store, 'count an API call', (s) =>
    s
      .insert(storeApiCalls)
      .values({ keyId: sql.placeholder('keyId'), windowStart: sql.placeholder('windowStart'), count: 1 })
      .onConflictDoUpdate({ target: [storeApiCalls.keyId, storeApiCalls.windowStart], set: { count: sql`${storeApiCalls.count} + 1` } })
      .returning({ count: storeApiCalls.count })
      .prepare(),
  );
  const [row] = query.all({ keyId, windowStart });
  return row?.count ?? 1;
}

export function findIdempotencyKey(store: StoreScope, id: string): StoreIdempotencyKeyRow | null {
  return store.select().from(storeIdempotencyKeys).where(eq(storeIdempotencyKeys.id, id)).get() ?? null;
}

export function insertIdempotencyKey(store: StoreScope, id: string, fingerprint: string, now: number): void {
  store.insert(storeIdempotencyKeys).values({ id, fingerprint, created: now }).run();
}

export function deleteIdempotencyKey(store: StoreScope, id: string): void {
  store.delete(storeIdempotencyKeys).where(eq(storeIdempotencyKeys.id, id)).run();
}

export function saveIdempotentAnswer(store: StoreScope, id: string, status: number, contentType: string, body: string): void {
  store
    .update(storeIdempotencyKeys)
    .set({ status, contentType, body })
    .where(and(eq(storeIdempotencyKeys.id, id)))
    .run();
}

/** Forgets claims older than `before` and counts of windows before it. */
export function pruneApiRecords(store: StoreScope, idempotencyBefore: number, callsBefore: number): void {
  store.delete(storeIdempotencyKeys).where(lt(storeIdempotencyKeys.created, idempotencyBefore)).run();
  store.delete(storeApiCalls).where(lt(storeApiCalls.windowStart, callsBefore)).run();
}

/** When the oldest claim was made and the oldest window counted began, each null when there is none. */
export function oldestApiRecords(store: StoreScope): { claim: number | null; window: number | null } {
  const query = builtOnce(store, 'oldest API records', (s) =>
    s
      .select({
        claim: sql<number | null>`(SELECT min(${storeIdempotencyKeys.created}) FROM ${storeIdempotencyKeys})`,
        window: sql<number | null>`(SELECT min(${storeApiCalls.windowStart}) FROM ${storeApiCalls})`,
      })
      .from(sql`(SELECT 1)`)
      .prepare(),
  );
  const row = query.get();
  return { claim: row?.claim ?? null, window: row?.window ?? null };
}
