import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { faxAttempts, faxEvents, faxes } from '../schema';

// The fax history written to D1 before each user's store held it (decision 023). It is only ever
// read by the one-time copy into the store, and removed once that copy is complete.

/** Users who still have history in D1 (at most `limit`), for the cron to copy. */
export async function listUsersWithD1History(db: Db, limit: number): Promise<string[]> {
  const rows = await db.selectDistinct({ userId: faxes.userId }).from(faxes).limit(limit);
  return rows.map((row) => row.userId);
}

/** The statements that remove the user's D1 history: timelines and attempts, then the faxes. */
export function deleteD1HistoryStatements(db: Db, userId: string) {
  const faxesOfUser = db.select({ id: faxes.id }).from(faxes).where(eq(faxes.userId, userId));
  return [
    db.delete(faxEvents).where(inArray(faxEvents.faxId, faxesOfUser)),
    db.delete(faxAttempts).where(inArray(faxAttempts.faxId, faxesOfUser)),
    db.delete(faxes).where(eq(faxes.userId, userId)),
  ] as const;
}

/** Removes the user's D1 history in one transaction, once their store holds all of it. */
export async function deleteD1History(db: Db, userId: string): Promise<void> {
  await db.batch(deleteD1HistoryStatements(db, userId));
}
