import type { CarrierName } from '../carrier/types';
import { getDb } from '../db/client';
import type { FaxRow } from '../db/schema';
import { startFaxAttempt } from '../domain/fax-status';
import { announceFaxChange } from '../live/fax-announce';
import { commitFaxChange } from '../db/queries/fax-changes';
import { faxProgressOf, findSendFax } from '../db/queries/fax-attempts';

/**
 * Records attempt `attempt` as started (a QUEUED attempt row, fax.attempt = n, no pending retry, a
 * timeline entry) before the carrier is called, so every event the carrier sends finds it.
 * Answers false when the attempt may not start (the fax finished, or the attempt was started by a
 * concurrent delivery of the same message).
 */
export async function startAttempt(env: Env, faxId: string, attempt: number, carrier: CarrierName, localNumber: string): Promise<boolean> {
  const db = getDb(env);
  for (let round = 0; round < 8; round++) {
    const fax: FaxRow | null = await findSendFax(db, faxId);
    const next = fax ? startFaxAttempt(faxProgressOf(fax), attempt) : null;
    if (!fax || !next) return false;
    const result = await commitFaxChange(env.DB, {
      faxId,
      version: fax.updated,
      now: Date.now(),
      fax: { ...next, localNumber },
      attemptInsert: { attempt, carrier },
      timeline: [{ kind: 'QUEUED', attempt, pagesSent: null, reason: null }],
    });
    if (result === 'duplicate') return false;
    if (result === 'committed') {
      await announceFaxChange(env, fax.userId, faxId, false);
      return true;
    }
  }
  throw new Error(`Fax ${faxId} kept changing while attempt ${attempt} started`);
}
