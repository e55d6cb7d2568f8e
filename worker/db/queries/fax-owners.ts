import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { carrierFaxIds, faxOwners } from '../schema';

// The only trace of a sent fax in D1 (decision 023): whose store it is in, and the carrier's ids
// for its attempts, so the carrier's news about it finds that store.

/** The faxes of one send (one, or one per recipient of a send to many), in one statement per 50. */
export async function recordFaxOwners(db: Db, faxIds: readonly string[], userId: string): Promise<void> {
  // D1 binds at most 100 parameters a statement: two per row.
  for (let i = 0; i < faxIds.length; i += 50) {
    const rows = faxIds.slice(i, i + 50).map((faxId) => ({ faxId, userId }));
    await db.insert(faxOwners).values(rows).onConflictDoNothing();
  }
}

/** Faxes deleted forever, or a send the store refused: their owners and carrier ids (by cascade) go. */
export async function forgetFaxOwners(db: Db, faxIds: readonly string[]): Promise<void> {
  for (let i = 0; i < faxIds.length; i += 90) await db.delete(faxOwners).where(inArray(faxOwners.faxId, faxIds.slice(i, i + 90)));
}

export async function findFaxOwner(db: Db, faxId: string): Promise<string | null> {
  const row = await db.select({ userId: faxOwners.userId }).from(faxOwners).where(eq(faxOwners.faxId, faxId)).get();
  return row?.userId ?? null;
}

export async function recordCarrierFaxId(db: Db, carrierFaxId: string, faxId: string, attempt: number): Promise<void> {
  await db.insert(carrierFaxIds).values({ carrierFaxId, faxId, attempt }).onConflictDoNothing();
}

/** The attempt the carrier's id belongs to, with the fax's owner; null when it is not one of ours. */
export async function findCarrierFaxId(db: Db, carrierFaxId: string): Promise<{ faxId: string; attempt: number; userId: string } | null> {
  const row = await db
    .select({ faxId: carrierFaxIds.faxId, attempt: carrierFaxIds.attempt, userId: faxOwners.userId })
    .from(carrierFaxIds)
    .innerJoin(faxOwners, eq(faxOwners.faxId, carrierFaxIds.faxId))
    .where(eq(carrierFaxIds.carrierFaxId, carrierFaxId))
    .get();
  return row ?? null;
}
