import type { CarrierName } from '../carrier/types';
import type { UserFaxRow } from '../db/store/schema';
import { faxProgressOf, startFaxAttempt } from '../domain/fax-status';
import { userHubStub } from '../live/publish';
import { findSendFax } from './user-faxes';

/**
 * Records attempt `attempt` as started (a QUEUED attempt row, fax.attempt = n, no pending retry, a
 * timeline entry) before the carrier is called, so every event the carrier sends finds it.
 * Answers false when the attempt may not start (the fax finished, or the attempt was started by a
 * concurrent delivery of the same message).
 */
export async function startAttempt(
  env: Env,
  sent: UserFaxRow,
  attempt: number,
  carrier: CarrierName,
  localNumber: string,
): Promise<boolean> {
  const store = userHubStub(env, sent.userId);
  for (let round = 0; round < 8; round++) {
    const fax = round === 0 ? sent : await findSendFax(env, sent.id, sent.userId);
    const next = fax ? startFaxAttempt(faxProgressOf(fax), attempt) : null;
    if (!fax || !next) return false;
    const result = await store.commitFaxChange(fax.userId, {
      faxId: fax.id,
      version: fax.updated,
      now: Date.now(),
      fax: { ...next, localNumber },
      attemptInsert: { attempt, carrier },
      timeline: [{ kind: 'QUEUED', attempt, pagesSent: null, reason: null }],
    });
    if (result === 'duplicate') return false;
    if (result === 'committed') return true;
  }
  throw new Error(`Fax ${sent.id} kept changing while attempt ${attempt} started`);
}
