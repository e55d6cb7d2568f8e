import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { carrierFaxIds, faxOwners } from '../schema';

// The only trace of a sent fax in D1 (decision 023): whose store it is in, and the carrier's ids
// for its attempts, so the carrier's news about it finds that store.

export async function recordFaxOwner(db: Db, faxId: string, userId: string): Promise<void> {
  await db.insert(faxOwners).values({ faxId, userId }).onConflictDoNothing();
}

/** A send the store refused (credits short): nothing of it may stay behind. */
export async function forgetFaxOwner(db: Db, faxId: string): Promise<void> {
  await db.delete(faxOwners).where(eq(faxOwners.faxId, faxId));
}

/** Faxes deleted forever: their owners and carrier ids (by cascade) go too. */
export async function forgetFaxOwners(db: Db, faxIds: string[]): Promise<void> {
  if (faxIds.length > 0) await db.delete(faxOwners).where(inArray(faxOwners.faxId, faxIds));
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
