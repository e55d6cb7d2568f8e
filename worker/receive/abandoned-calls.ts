import { and, eq, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { endReceivedFax } from '../db/queries/received-faxes';
import { faxes } from '../db/schema';
import { announceFaxChange } from '../fax/announce';

// A carrier always ends a call with fax.received or fax.failed; if that news never comes (lost for
// good, a carrier outage longer than its redeliveries), the fax would say "Receiving…" forever.
// The cron closes such calls as failed, charging nothing. A late fax.received after that changes
// nothing: the fax has left RECEIVING (decision 018).

/** Silence after which a call is given up: far beyond any real fax call and redelivery. */
export const ABANDONED_CALL_MS = 2 * 60 * 60 * 1000;

export async function closeAbandonedCalls(env: Env, now = Date.now()): Promise<number> {
  const stale = await getDb(env)
    .select({ id: faxes.id, userId: faxes.userId, from: faxes.remoteNumber, to: faxes.localNumber })
    .from(faxes)
    .where(and(eq(faxes.direction, 'RECEIVE'), eq(faxes.status, 'RECEIVING'), lt(faxes.updated, now - ABANDONED_CALL_MS)))
    .limit(100);
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
