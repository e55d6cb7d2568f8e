import { getDb } from '../db/client';
import { listSilentReceivingFaxes } from '../db/queries/fax-sweeps';
import { endReceivedFax } from '../db/queries/received-faxes';
import { announceFaxChange } from '../live/fax-announce';

// A carrier always ends a call with fax.received or fax.failed; if that news never comes (lost for
// good, a carrier outage longer than its redeliveries), the fax would say "Receiving…" forever.
// The cron closes such calls as failed, charging nothing. A late fax.received after that changes
// nothing: the fax has left RECEIVING (decision 018).

/** Silence after which a call is given up: far beyond any real fax call and redelivery. */
export const ABANDONED_CALL_MS = 2 * 60 * 60 * 1000;

export async function closeAbandonedCalls(env: Env, now = Date.now()): Promise<number> {
  const stale = await listSilentReceivingFaxes(getDb(env), now - ABANDONED_CALL_MS, 100);
  let closed = 0;
  for (const fax of stale) {
    const call = { faxId: fax.id, userId: fax.userId, from: fax.from, to: fax.to ?? '', now };
    if (await endReceivedFax(env.DB, call, { kind: 'failed', reason: 'CARRIER_ERROR', pagesReceived: 0 })) {
      closed += 1;
      await announceFaxChange(env, fax.userId, fax.id, false);
    }
  }
  return closed;
}
