import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import {
  appFactors,
  checkouts,
  emailTokens,
  faxLedgerBatches,
  faxMailAddresses,
  faxOwners,
  files,
  invoices,
  loginEvents,
  mailedFaxes,
  pendingSignIns,
  recoveryCodes,
  sessions,
  transactions,
  uploads,
  users,
} from '../schema';
import { deleteD1HistoryStatements } from './d1-history';

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
  // The faxes themselves are in the user's store, emptied by the deletion job (decision 023); D1
  // keeps only the owners of faxes made before decision 042 (carrier_fax_ids follow by cascade)
  // and any history not yet copied. The ledger's totals are kept: they never held the user's id,
  // numbers or documents (docs/decisions/010, 042); only the user's last batch number goes.
  await db.batch([
    ...deleteD1HistoryStatements(db, userId),
    db.delete(mailedFaxes).where(eq(mailedFaxes.userId, userId)),
    db.delete(faxOwners).where(eq(faxOwners.userId, userId)),
    db.delete(faxLedgerBatches).where(eq(faxLedgerBatches.userId, userId)),
    db.delete(faxMailAddresses).where(eq(faxMailAddresses.userId, userId)),
    db.delete(uploads).where(eq(uploads.userId, userId)),
    db.delete(files).where(eq(files.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(loginEvents).where(eq(loginEvents.userId, userId)),
    db.delete(emailTokens).where(eq(emailTokens.userId, userId)),
    db.delete(appFactors).where(eq(appFactors.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId)),
    // The trials row stays: it is an e-mail digest, kept so a new account gets no second trial.
    db.delete(invoices).where(eq(invoices.userId, userId)),
    db.delete(transactions).where(eq(transactions.userId, userId)),
    db.delete(checkouts).where(eq(checkouts.userId, userId)),
    db.delete(users).where(eq(users.id, userId)),
  ]);
}
