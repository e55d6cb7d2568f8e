import { getDb } from '../db/client';
import { listStalledSendFaxes } from '../db/queries/fax-sweeps';
import type { FaxAttemptRow, FaxRow } from '../db/schema';
import { enqueueFaxJob } from '../queues/fax-messages';

// A sent fax has its credits taken the moment it is accepted, so a dispatch message that never
// ran (the queue refused it, or every delivery died before reaching the carrier) would leave a
// paid-for fax waiting forever. The cron finds such faxes and queues their dispatch again. The
// dispatch decides from D1 what to do (fax/dispatch.ts), so a message that was only late and
// arrives after all changes nothing twice.

/** A dispatch still not done this long after it was due is taken as lost. */
export const STALLED_DISPATCH_MS = 15 * 60 * 1000;
const BATCH = 100;

/** The attempt a lost dispatch message would have started or resumed, or null when none is owed. */
export function owedDispatchAttempt(
  fax: Pick<FaxRow, 'attempt' | 'nextAttemptAt'>,
  current: FaxAttemptRow | null,
  now: number,
): number | null {
  const stalledSince = now - STALLED_DISPATCH_MS;
  // Accepted, never started.
  if (fax.attempt === 0) return 1;
  if (!current) return null;
  // Started, but the carrier never took it (the delivery died in between).
  if (current.status === 'QUEUED' && current.carrierFaxId === null && current.startedAt < stalledSince) return fax.attempt;
  // A retry was due and never ran.
  if (current.status === 'FAILED' && fax.nextAttemptAt !== null && fax.nextAttemptAt < stalledSince) return fax.attempt + 1;
  return null;
}

export async function redispatchStalledFaxes(env: Env, now = Date.now()): Promise<number> {
  const waiting = await listStalledSendFaxes(getDb(env), now - STALLED_DISPATCH_MS, BATCH);
  let queued = 0;
  for (const { fax, current } of waiting) {
    const attempt = owedDispatchAttempt(fax, current, now);
    if (attempt === null) continue;
    console.warn(`Fax ${fax.id}: attempt ${attempt} was never dispatched; queueing it again`);
    await enqueueFaxJob(env, { kind: 'fax.dispatch', faxId: fax.id, attempt });
    queued += 1;
  }
  return queued;
}
