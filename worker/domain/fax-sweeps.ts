import type { FaxRow } from '../db/schema';
import type { StoreFaxAttemptRow } from '../db/store/fax-attempts';

// What the user's store checks on its own alarm (decision 023): a sent fax has its credits taken
// the moment it is accepted, so a dispatch message that never ran (the queue refused it, or every
// delivery died before reaching the carrier) would leave a paid-for fax waiting forever; and a
// carrier always ends a call, but if that news never comes the fax would say "Receiving…" forever.

/** A dispatch still not done this long after it was due is taken as lost. */
export const STALLED_DISPATCH_MS = 15 * 60 * 1000;

/** Silence after which an incoming call is given up: far beyond any real fax call and redelivery. */
export const ABANDONED_CALL_MS = 2 * 60 * 60 * 1000;

/** The attempt a lost dispatch message would have started or resumed, or null when none is owed. */
export function owedDispatchAttempt(
  fax: Pick<FaxRow, 'attempt' | 'nextAttemptAt'>,
  current: Pick<StoreFaxAttemptRow, 'status' | 'carrierFaxId' | 'startedAt'> | null,
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
