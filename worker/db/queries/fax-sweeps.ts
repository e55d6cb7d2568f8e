import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { faxAttempts, faxes, type FaxAttemptRow, type FaxRow } from '../schema';

// The cron's reads of faxes that may be stuck: sent faxes whose dispatch may have been lost
// (fax/stalled-dispatch.ts) and received faxes whose call went silent (receive/abandoned-calls.ts).

/**
 * Sent faxes still on their way and unchanged since `before`, each with its current attempt, in
 * one read. Faxes the carrier has (an attempt with its id, not failed) owe nothing and may wait
 * long: left out here, they never crowd out those that do.
 */
export async function listStalledSendFaxes(
  db: Db,
  before: number,
  limit: number,
): Promise<{ fax: FaxRow; current: FaxAttemptRow | null }[]> {
  return db
    .select({ fax: faxes, current: faxAttempts })
    .from(faxes)
    .leftJoin(faxAttempts, and(eq(faxAttempts.faxId, faxes.id), eq(faxAttempts.attempt, faxes.attempt)))
    .where(
      and(
        eq(faxes.direction, 'SEND'),
        inArray(faxes.status, ['QUEUED', 'SENDING']),
        lt(faxes.updated, before),
        or(isNull(faxAttempts.carrierFaxId), eq(faxAttempts.status, 'FAILED')),
      ),
    )
    .orderBy(faxes.updated)
    .limit(limit);
}

interface SilentCall {
  id: string;
  userId: string;
  from: string | null;
  to: string | null;
}

/** Received faxes still RECEIVING with no news since `before`. */
export async function listSilentReceivingFaxes(db: Db, before: number, limit: number): Promise<SilentCall[]> {
  return db
    .select({ id: faxes.id, userId: faxes.userId, from: faxes.remoteNumber, to: faxes.localNumber })
    .from(faxes)
    .where(and(eq(faxes.direction, 'RECEIVE'), eq(faxes.status, 'RECEIVING'), lt(faxes.updated, before)))
    .limit(limit);
}
