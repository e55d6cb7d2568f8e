import type { LedgerTotal } from '../../domain/ledger-totals';

// The anonymised ledger in D1 (decision 010): totals per period, direction and status (decision
// 042), never a row per fax. Each user's store adds its ended faxes in numbered batches, and a
// batch is added once: the statement that adds it checks the user's last batch in the same
// transaction, so a retry after a lost answer adds nothing.

function addStatement(d1: D1Database, total: LedgerTotal, guard: { userId: string; batch: number } | null): D1PreparedStatement {
  const values = [total.period, total.direction, total.status, total.faxes, total.pages, total.charged, total.refunded];
  const onConflict = `ON CONFLICT (period, direction, status) DO UPDATE SET
       faxes = faxes + excluded.faxes, pages = pages + excluded.pages,
       charged = charged + excluded.charged, refunded = refunded + excluded.refunded`;
  if (!guard) {
    return d1
      .prepare(
        `INSERT INTO fax_ledger_periods (period, direction, status, faxes, pages, charged, refunded) VALUES (?, ?, ?, ?, ?, ?, ?) ${onConflict}`,
      )
      .bind(...values);
  }
  // SQLite needs the WHERE for an upsert from a SELECT to parse.
  return d1
    .prepare(
      `INSERT INTO fax_ledger_periods (period, direction, status, faxes, pages, charged, refunded)
       SELECT ?, ?, ?, ?, ?, ?, ? WHERE COALESCE((SELECT batch FROM fax_ledger_batches WHERE user_id = ?), 0) < ?
       ${onConflict}`,
    )
    .bind(...values, guard.userId, guard.batch);
}

/** Adds batch `batch` of the user's store to the ledger, once however often it is sent. */
export async function addLedgerBatch(d1: D1Database, userId: string, batch: number, totals: readonly LedgerTotal[]): Promise<void> {
  await d1.batch([
    ...totals.map((total) => addStatement(d1, total, { userId, batch })),
    d1
      .prepare(
        'INSERT INTO fax_ledger_batches (user_id, batch) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET batch = max(batch, excluded.batch)',
      )
      .bind(userId, batch),
  ]);
}

/** Row from the per-fax table of before (fax_ledger). */
interface OldLedgerRow {
  fax_id: string;
  direction: LedgerTotal['direction'];
  status: LedgerTotal['status'];
  page_count: number;
  charged: number;
  refunded: number;
  created_at: number;
  completed_at: number | null;
}

/** The next rows of the old per-fax table, oldest first. */
export async function listOldLedgerRows(d1: D1Database, limit: number): Promise<OldLedgerRow[]> {
  const { results } = await d1
    .prepare(
      'SELECT fax_id, direction, status, page_count, charged, refunded, created_at, completed_at FROM fax_ledger ORDER BY created_at LIMIT ?',
    )
    .bind(limit)
    .all<OldLedgerRow>();
  return results;
}

/**
 * Adds `totals` and deletes the old rows they came from, in one transaction: a run cut short
 * leaves both as they were, and a row once added is gone, so it is never added twice.
 */
export async function moveOldLedgerRows(d1: D1Database, totals: readonly LedgerTotal[], faxIds: readonly string[]): Promise<void> {
  const deletes: D1PreparedStatement[] = [];
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < faxIds.length; i += 90) {
    const part = faxIds.slice(i, i + 90);
    deletes.push(d1.prepare(`DELETE FROM fax_ledger WHERE fax_id IN (${part.map(() => '?').join(', ')})`).bind(...part));
  }
  await d1.batch([...totals.map((total) => addStatement(d1, total, null)), ...deletes]);
}
