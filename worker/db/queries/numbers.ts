import { and, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { faxNumbers, type FaxNumberRow } from '../schema';

// Every claim on a number is one conditional statement, so two people can never hold or own the
// same number whatever the timing: the database decides, not a read followed by a write.

/** Free now: never held, or held by a hold that has run out. */
function isFree(now: number): SQL {
  return or(eq(faxNumbers.state, 'AVAILABLE'), and(eq(faxNumbers.state, 'HELD'), lt(faxNumbers.holdExpiresAt, now)))!;
}

export interface NumberSearch {
  areaCode?: string;
  city?: string;
}

export async function searchFreeNumbers(db: Db, search: NumberSearch, now: number, limit: number): Promise<FaxNumberRow[]> {
  const filters = [isFree(now)];
  if (search.areaCode) filters.push(eq(faxNumbers.areaCode, search.areaCode));
  if (search.city) filters.push(sql`lower(${faxNumbers.city}) = lower(${search.city})`);
  return db.select().from(faxNumbers).where(and(...filters)).orderBy(faxNumbers.number).limit(limit);
}

export interface NumberArea {
  areaCode: string;
  city: string;
  region: string;
  free: number;
}

/** The area codes that have free numbers, with how many. */
export async function listNumberAreas(db: Db, now: number): Promise<NumberArea[]> {
  return db
    .select({ areaCode: faxNumbers.areaCode, city: faxNumbers.city, region: faxNumbers.region, free: sql<number>`count(*)` })
    .from(faxNumbers)
    .where(isFree(now))
    .groupBy(faxNumbers.areaCode, faxNumbers.city, faxNumbers.region)
    .orderBy(faxNumbers.city);
}

export async function findNumberById(db: Db, id: string): Promise<FaxNumberRow | null> {
  return (await db.query.faxNumbers.findFirst({ where: eq(faxNumbers.id, id) })) ?? null;
}

/** The holder's live hold, or null. */
export async function findHoldOf(db: Db, holderKey: string, now: number): Promise<FaxNumberRow | null> {
  const row = await db.query.faxNumbers.findFirst({
    where: and(eq(faxNumbers.state, 'HELD'), eq(faxNumbers.holderKey, holderKey), sql`${faxNumbers.holdExpiresAt} >= ${now}`),
  });
  return row ?? null;
}

export async function findNumberOwnedBy(db: Db, userId: string): Promise<FaxNumberRow | null> {
  return (await db.query.faxNumbers.findFirst({ where: and(eq(faxNumbers.state, 'ASSIGNED'), eq(faxNumbers.ownerUserId, userId)) })) ?? null;
}

/**
 * Holds `numberId` for the holder until `expiresAt`, letting go of any other number they held
 * (one hold each). Answers the hold, or null when the number is someone else's.
 */
export async function holdNumber(db: Db, numberId: string, holderKey: string, now: number, expiresAt: number): Promise<FaxNumberRow | null> {
  const [, claimed] = await db.batch([
    db
      .update(faxNumbers)
      .set({ state: 'AVAILABLE', holderKey: null, holdExpiresAt: null })
      .where(and(eq(faxNumbers.state, 'HELD'), eq(faxNumbers.holderKey, holderKey), ne(faxNumbers.id, numberId))),
    db
      .update(faxNumbers)
      .set({ state: 'HELD', holderKey, holdExpiresAt: expiresAt })
      .where(and(eq(faxNumbers.id, numberId), or(isFree(now), and(eq(faxNumbers.state, 'HELD'), eq(faxNumbers.holderKey, holderKey)))))
      .returning(),
  ]);
  return claimed[0] ?? null;
}

/** Lets go of the holder's hold, if any. */
export async function releaseHoldsOf(db: Db, holderKey: string): Promise<void> {
  await db
    .update(faxNumbers)
    .set({ state: 'AVAILABLE', holderKey: null, holdExpiresAt: null })
    .where(and(eq(faxNumbers.state, 'HELD'), eq(faxNumbers.holderKey, holderKey)));
}

/** Gives a visitor's live hold to the account they just signed in to (which then has only that one). */
export async function transferHold(db: Db, fromKey: string, toKey: string, now: number): Promise<void> {
  if (!(await findHoldOf(db, fromKey, now))) return;
  await db.batch([
    db
      .update(faxNumbers)
      .set({ state: 'AVAILABLE', holderKey: null, holdExpiresAt: null })
      .where(and(eq(faxNumbers.state, 'HELD'), eq(faxNumbers.holderKey, toKey))),
    db
      .update(faxNumbers)
      .set({ holderKey: toKey })
      .where(and(eq(faxNumbers.state, 'HELD'), eq(faxNumbers.holderKey, fromKey), sql`${faxNumbers.holdExpiresAt} >= ${now}`)),
  ]);
}

/** Account deletion: the user's held and owned numbers go back to the pool. */
export async function releaseNumbersOf(db: Db, userId: string, holderKey: string): Promise<void> {
  await db
    .update(faxNumbers)
    .set({ state: 'AVAILABLE', holderKey: null, holdExpiresAt: null, ownerUserId: null, assignedAt: null })
    .where(or(eq(faxNumbers.ownerUserId, userId), eq(faxNumbers.holderKey, holderKey)));
}
