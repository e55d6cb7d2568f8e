import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { moveLedgerToPeriods } from '../../worker/jobs/move-ledger';
import { ledgerTotals } from '../support/faxes';

// The per-fax ledger of before decision 042 moves into the totals per period: resumable, each row
// counted once however often the mover runs, and a fax still on its way then is not counted (its
// end is added by its owner's store).

async function oldLedgerRow(status: string, pages: number, refunded: number, completedAt: number | null): Promise<string> {
  const faxId = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO fax_ledger (fax_id, direction, page_count, charged, refunded, status, created_at, completed_at) VALUES (?, 'SEND', ?, ?, ?, ?, ?, ?)",
  )
    .bind(faxId, pages, pages, refunded, status, Date.UTC(2001, 4, 30), completedAt)
    .run();
  return faxId;
}

describe('moving the per-fax ledger into its totals', () => {
  it('adds every ended fax once, in the month it ended, however often it runs', async () => {
    const delivered = await ledgerTotals('2001-05', 'SEND', 'DELIVERED');
    const failed = await ledgerTotals('2001-06', 'SEND', 'FAILED');
    await oldLedgerRow('DELIVERED', 2, 0, Date.UTC(2001, 4, 31, 23));
    await oldLedgerRow('DELIVERED', 3, 1, Date.UTC(2001, 4, 31, 23, 30));
    await oldLedgerRow('FAILED', 4, 4, Date.UTC(2001, 5, 1, 1));
    await oldLedgerRow('SENDING', 5, 0, null);

    // In small steps, as a run cut short leaves it, then more runs than there is work.
    let moved = 0;
    for (let run = 0; run < 6; run++) moved += await moveLedgerToPeriods(env, 2);
    expect(moved).toBe(4);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM fax_ledger').first('n')).toBe(0);

    expect(await ledgerTotals('2001-05', 'SEND', 'DELIVERED')).toEqual({
      faxes: delivered.faxes + 2,
      pages: delivered.pages + 5,
      charged: delivered.charged + 5,
      refunded: delivered.refunded + 1,
    });
    expect(await ledgerTotals('2001-06', 'SEND', 'FAILED')).toEqual({
      faxes: failed.faxes + 1,
      pages: failed.pages + 4,
      charged: failed.charged + 4,
      refunded: failed.refunded + 4,
    });
    expect((await ledgerTotals('2001-05', 'SEND', 'SENDING')).faxes).toBe(0);
  });
});
