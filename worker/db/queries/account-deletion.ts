import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import {
  checkouts,
  emailTokens,
  faxAttempts,
  faxEvents,
  faxes,
  files,
  invoices,
  loginEvents,
  sessions,
  transactions,
  uploads,
  users,
} from '../schema';

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
  const faxesOfUser = db.select({ id: faxes.id }).from(faxes).where(eq(faxes.userId, userId));
  // fax_ledger is kept: it never held the user's id, numbers or documents (docs/decisions/010).
  await db.batch([
    db.delete(faxEvents).where(inArray(faxEvents.faxId, faxesOfUser)),
    db.delete(faxAttempts).where(inArray(faxAttempts.faxId, faxesOfUser)),
    db.delete(faxes).where(eq(faxes.userId, userId)),
    db.delete(uploads).where(eq(uploads.userId, userId)),
    db.delete(files).where(eq(files.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(loginEvents).where(eq(loginEvents.userId, userId)),
    db.delete(emailTokens).where(eq(emailTokens.userId, userId)),
    // The trials row stays: it is an e-mail digest, kept so a new account gets no second trial.
    db.delete(invoices).where(eq(invoices.userId, userId)),
    db.delete(transactions).where(eq(transactions.userId, userId)),
    db.delete(checkouts).where(eq(checkouts.userId, userId)),
    db.delete(users).where(eq(users.id, userId)),
  ]);
}
