import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { type MailedFaxRow, mailedFaxes } from '../schema';

// Faxes sent by e-mail (decision 028): where the notice of their end goes.

export async function recordMailedFax(db: Db, row: Omit<MailedFaxRow, 'endMailedAt'>): Promise<void> {
  await db.insert(mailedFaxes).values(row).onConflictDoNothing();
}

/** A send the store refused: no notice is owed for its faxes. */
export async function forgetMailedFaxes(db: Db, faxIds: readonly string[]): Promise<void> {
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < faxIds.length; i += 90) await db.delete(mailedFaxes).where(inArray(mailedFaxes.faxId, faxIds.slice(i, i + 90)));
}

/**
 * Claims the notice that the fax ended: answers the row to the one caller that claims it first,
 * null to every other (and for a fax that did not come by e-mail). One conditional UPDATE decides,
 * so a carrier's repeated delivery never mails twice.
 */
export async function claimMailedFaxEnd(db: Db, faxId: string, now: number): Promise<MailedFaxRow | null> {
  const rows = await db
    .update(mailedFaxes)
    .set({ endMailedAt: now })
    .where(and(eq(mailedFaxes.faxId, faxId), isNull(mailedFaxes.endMailedAt)))
    .returning();
  return rows[0] ?? null;
}
