import { listOldLedgerRows, moveOldLedgerRows } from '../db/queries/fax-ledger';
import { isTerminalStatus } from '../domain/fax-status';
import { ledgerPeriodOf, sumLedgerEntries } from '../domain/ledger-totals';

// The one-time move of the per-fax ledger (fax_ledger) into the totals per period (decision 042),
// run by the cron until the table is empty. Each run adds a bounded number of rows and deletes them
// in the same transaction, so it resumes where it stopped and a row is never added twice.
//
// Only ended faxes are added. A row of a fax still on its way was written as it went, before
// decision 023; its end is added by its owner's store when it comes, so the row is dropped.

const ROWS_PER_RUN = 500;

/** Moves the next rows; answers how many left fax_ledger. */
export async function moveLedgerToPeriods(env: Env, limit = ROWS_PER_RUN): Promise<number> {
  const rows = await listOldLedgerRows(env.DB, limit);
  if (rows.length === 0) return 0;
  const totals = sumLedgerEntries(
    rows
      .filter((row) => isTerminalStatus(row.status))
      .map((row) => ({
        period: ledgerPeriodOf(row.completed_at ?? row.created_at),
        direction: row.direction,
        status: row.status,
        pages: row.page_count,
        charged: row.charged,
        refunded: row.refunded,
      })),
  );
  await moveOldLedgerRows(
    env.DB,
    totals,
    rows.map((row) => row.fax_id),
  );
  return rows.length;
}
