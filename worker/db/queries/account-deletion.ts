import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { emailTokens, loginEvents, sessions, users } from '../schema';

/** Locks the account: from now on it cannot sign in. The first lock's time is kept. */
export async function markUserDeleting(db: Db, userId: string, now: number): Promise<void> {
  await db
    .update(users)
    .set({ deletingAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletingAt)));
}

/**
 * Deletes every row of the user in one batch (one transaction). The users row alone would cascade
 * to the tables below; they are named anyway so the deletion does not depend on a foreign key
 * being declared. A table keyed by user without a foreign key must be added here.
 * Running it again finds nothing and changes nothing.
 */
export async function deleteUserRecords(db: Db, userId: string): Promise<void> {
  await db.batch([
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(loginEvents).where(eq(loginEvents.userId, userId)),
    db.delete(emailTokens).where(eq(emailTokens.userId, userId)),
    db.delete(users).where(eq(users.id, userId)),
  ]);
}
