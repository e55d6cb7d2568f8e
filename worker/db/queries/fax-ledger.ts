import type { Db } from '../client';
import type { FaxRow } from '../schema';
import { faxLedger } from '../schema';

// fax_ledger: the anonymised record of every fax for billing and audit (no user, no numbers, no
// document; decision 010). It must outlive account deletion, so it stays in D1 while the fax lives
// in the user's store, and is written once, when the fax has ended (decision 023).

type EndedFax = Pick<
  FaxRow,
  'id' | 'direction' | 'pageCount' | 'chargedDefault' | 'chargedPaid' | 'refunded' | 'status' | 'start' | 'completed'
>;

export async function recordFaxLedger(db: Db, fax: EndedFax): Promise<void> {
  const row = {
    direction: fax.direction,
    pageCount: fax.pageCount,
    charged: fax.chargedDefault + fax.chargedPaid,
    refunded: fax.refunded,
    status: fax.status,
    createdAt: fax.start,
    completedAt: fax.completed,
  };
  // A fax sent before the move has its row already (written as it went): it is brought up to date.
  await db
    .insert(faxLedger)
    .values({ faxId: fax.id, ...row })
    .onConflictDoUpdate({ target: faxLedger.faxId, set: row });
}
