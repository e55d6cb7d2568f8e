import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { type MailedFaxRow, mailedFaxes, users } from '../schema';

// D1's mailed_faxes, written before decision 042's amendment (faxes sent by e-mail: who to tell
// how each ended). Nothing writes it any more; the cron empties it into the owners' stores
// (jobs/move-mailed-faxes.ts) and a later migration drops it once it is empty.

export type OldMailedFax = MailedFaxRow & { userDeleting: boolean };

/** The oldest rows left, with whether their account is being deleted. */
export async function listOldMailedFaxes(db: Db, limit: number): Promise<OldMailedFax[]> {
  const rows = await db
    .select({ row: mailedFaxes, deletingAt: users.deletingAt })
    .from(mailedFaxes)
    .innerJoin(users, eq(users.id, mailedFaxes.userId))
    .orderBy(asc(mailedFaxes.createdAt), asc(mailedFaxes.faxId))
    .limit(limit);
  return rows.map(({ row, deletingAt }) => ({ ...row, userDeleting: deletingAt !== null }));
}

export async function deleteOldMailedFax(db: Db, faxId: string): Promise<void> {
  await db.delete(mailedFaxes).where(eq(mailedFaxes.faxId, faxId));
}
