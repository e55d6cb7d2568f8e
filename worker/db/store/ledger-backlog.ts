import { eq, inArray, like } from 'drizzle-orm';
import { type LedgerEntry, type LedgerTotal, sumLedgerEntries } from '../../domain/ledger-totals';
import { readFact, writeFact } from './facts';
import type { StoreScope } from './open-store';
import { storeFacts } from './schema';

// Ended faxes whose part of D1's anonymised ledger is still to be added (decision 042): one fact
// per fax holding what it adds (its period, direction, status, pages and credits), until the
// object's alarm adds them in one numbered batch. The batch is kept, numbered, until D1 has taken
// it, so a retry sends the same numbers with the same batch number and D1 adds them once.

const PENDING = 'ledger.pending:';
const SINCE = 'ledger.since';
const BATCH = 'ledger.batch';
const LAST_BATCH = 'ledger.last-batch';

export interface LedgerBatch {
  batch: number;
  totals: LedgerTotal[];
}

/** Notes what an ended fax adds to the ledger; noting it again changes nothing. */
export function noteLedgerPending(store: StoreScope, faxId: string, entry: LedgerEntry, now: number): void {
  store
    .insert(storeFacts)
    .values({ key: `${PENDING}${faxId}`, value: JSON.stringify(entry) })
    .onConflictDoNothing()
    .run();
  store
    .insert(storeFacts)
    .values({ key: SINCE, value: String(now) })
    .onConflictDoNothing()
    .run();
}

/** What the fax adds to the ledger while it is still to be added; null once added (or never noted). */
export function findLedgerPending(store: StoreScope, faxId: string): LedgerEntry | null {
  const value = readFact(store, `${PENDING}${faxId}`);
  return value && value !== '1' ? (JSON.parse(value) as LedgerEntry) : null;
}

/** Since when something has waited to be added (the alarm's anchor), or null when nothing waits. */
export function ledgerPendingSince(store: StoreScope): number | null {
  const since = readFact(store, SINCE);
  if (since !== null) return Number(since);
  return readFact(store, BATCH) !== null ? 0 : null;
}

/** Moves the next alarm's try `at` (after a failure, so a D1 outage is not hammered). */
export function postponeLedger(store: StoreScope, at: number): void {
  writeFact(store, SINCE, String(at));
}

/**
 * The batch to send: the one a failed try left, else a new one made of up to `limit` pending faxes
 * (their facts go into it). `entryOf` reads an entry noted before entries were kept (value '1').
 */
export function takeLedgerBatch(store: StoreScope, limit: number, entryOf: (faxId: string) => LedgerEntry | null): LedgerBatch | null {
  const kept = readFact(store, BATCH);
  if (kept) return JSON.parse(kept) as LedgerBatch;
  const rows = store
    .select()
    .from(storeFacts)
    .where(like(storeFacts.key, `${PENDING}%`))
    .limit(limit)
    .all();
  if (rows.length === 0) {
    store.delete(storeFacts).where(eq(storeFacts.key, SINCE)).run();
    return null;
  }
  const entries = rows.flatMap((row) => {
    const entry = row.value === '1' ? entryOf(row.key.slice(PENDING.length)) : (JSON.parse(row.value) as LedgerEntry);
    return entry ? [entry] : [];
  });
  const batch: LedgerBatch = { batch: Number(readFact(store, LAST_BATCH) ?? '0') + 1, totals: sumLedgerEntries(entries) };
  store.transaction((tx) => {
    writeFact(tx, LAST_BATCH, String(batch.batch));
    writeFact(tx, BATCH, JSON.stringify(batch));
    tx.delete(storeFacts)
      .where(
        inArray(
          storeFacts.key,
          rows.map((row) => row.key),
        ),
      )
      .run();
  });
  return batch;
}

/** D1 has taken the batch. */
export function clearLedgerBatch(store: StoreScope): void {
  store.delete(storeFacts).where(eq(storeFacts.key, BATCH)).run();
}
