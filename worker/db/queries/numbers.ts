import { and, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { type FaxNumberRow, faxNumbers } from '../schema';

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
  return db
    .select()
    .from(faxNumbers)
    .where(and(...filters))
    .orderBy(faxNumbers.number)
    .limit(limit);
}

interface NumberArea {
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
  return (
    (await db.query.faxNumbers.findFirst({ where: and(eq(faxNumbers.state, 'ASSIGNED'), eq(faxNumbers.ownerUserId, userId)) })) ?? null
  );
}

/**
 * Holds `numberId` for the holder until `expiresAt`, letting go of any other number they held
 * (one hold each). Answers the hold, or null when the number is someone else's: then the holder
 * keeps what they held (the release used to come first and a refused hold lost it: number-holds.test.ts).
 */
export async function holdNumber(
  db: Db,
  numberId: string,
  holderKey: string,
  now: number,
  expiresAt: number,
): Promise<FaxNumberRow | null> {
  // One transaction: the claim first, then the other holds go only if the claim took.
  const [claimed] = await db.batch([
    db
      .update(faxNumbers)
      .set({ state: 'HELD', holderKey, holdExpiresAt: expiresAt })
      .where(and(eq(faxNumbers.id, numberId), or(isFree(now), and(eq(faxNumbers.state, 'HELD'), eq(faxNumbers.holderKey, holderKey)))))
      .returning(),
    db
      .update(faxNumbers)
      .set({ state: 'AVAILABLE', holderKey: null, holdExpiresAt: null })
      .where(
        and(
          eq(faxNumbers.state, 'HELD'),
          eq(faxNumbers.holderKey, holderKey),
          ne(faxNumbers.id, numberId),
          sql`exists (select 1 from ${faxNumbers} as claimed where claimed.id = ${numberId} and claimed.state = 'HELD' and claimed.holder_key = ${holderKey})`,
        ),
      ),
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

interface NewPoolNumber {
  id: string;
  number: string;
  areaCode: string;
  city: string;
  region: string;
}

// D1 binds at most 100 values per statement; a number row takes 6.
const INSERT_CHUNK = 16;

/** Adds a carrier's numbers as AVAILABLE; a number already stored (in any state) is left as it is. */
export async function insertAvailableNumbers(db: Db, numbers: NewPoolNumber[]): Promise<void> {
  const statements = [];
  for (let i = 0; i < numbers.length; i += INSERT_CHUNK) {
    const rows = numbers.slice(i, i + INSERT_CHUNK).map((n) => ({ ...n, state: 'AVAILABLE' as const }));
    // ON CONFLICT DO NOTHING with no target is SQLite's INSERT OR IGNORE for the unique number.
    statements.push(db.insert(faxNumbers).values(rows).onConflictDoNothing());
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** Which of these E.164 numbers are free now, in number order. */
export async function findFreeNumbersAmong(db: Db, numbers: string[], now: number, limit: number): Promise<FaxNumberRow[]> {
  if (numbers.length === 0) return [];
  return db
    .select()
    .from(faxNumbers)
    .where(and(inArray(faxNumbers.number, numbers), isFree(now)))
    .orderBy(faxNumbers.number)
    .limit(limit);
}

export async function findNumberByE164(db: Db, number: string): Promise<FaxNumberRow | null> {
  return (await db.query.faxNumbers.findFirst({ where: eq(faxNumbers.number, number) })) ?? null;
}

/** The number goes back to the pool: no owner, no hold. */
export async function returnNumberToPool(db: Db, number: string): Promise<void> {
  await db
    .update(faxNumbers)
    .set({ state: 'AVAILABLE', holderKey: null, holdExpiresAt: null, ownerUserId: null, assignedAt: null })
    .where(eq(faxNumbers.number, number));
}

/** The number is no longer ours to offer (given back to the carrier). */
export async function deleteNumber(db: Db, number: string): Promise<void> {
  await db.delete(faxNumbers).where(eq(faxNumbers.number, number));
}

/**
 * The holder's live hold becomes the user's own number (they just started a trial or a plan).
 * Built, not run: it goes into the plan's activation batch. Changes nothing once the hold has
 * run out or moved on, or when the user already owns a number.
 */
export function assignHeldNumberStatement(db: Db, userId: string, holderKey: string, now: number) {
  return db
    .update(faxNumbers)
    .set({ state: 'ASSIGNED', ownerUserId: userId, assignedAt: now, holderKey: null, holdExpiresAt: null })
    .where(
      and(
        eq(faxNumbers.state, 'HELD'),
        eq(faxNumbers.holderKey, holderKey),
        sql`${faxNumbers.holdExpiresAt} >= ${now}`,
        sql`NOT EXISTS (SELECT 1 FROM fax_numbers owned WHERE owned.state = 'ASSIGNED' AND owned.owner_user_id = ${userId})`,
      ),
    );
}

/**
 * A paying user without a number takes a free one (or the one they hold) as their own at once:
 * their plan is already on, so there is nothing to hold it for. One conditional statement, like
 * every claim. Answers the number, or null when it is someone else's or the user already owns one.
 */
export async function claimNumberForOwner(
  db: Db,
  numberId: string,
  userId: string,
  holderKey: string,
  now: number,
): Promise<FaxNumberRow | null> {
  const [claimed] = await db
    .update(faxNumbers)
    .set({ state: 'ASSIGNED', ownerUserId: userId, assignedAt: now, holderKey: null, holdExpiresAt: null })
    .where(
      and(
        eq(faxNumbers.id, numberId),
        or(isFree(now), and(eq(faxNumbers.state, 'HELD'), eq(faxNumbers.holderKey, holderKey))),
        sql`NOT EXISTS (SELECT 1 FROM fax_numbers owned WHERE owned.state = 'ASSIGNED' AND owned.owner_user_id = ${userId})`,
      ),
    )
    .returning();
  return claimed ?? null;
}
