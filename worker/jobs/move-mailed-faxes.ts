import { getDb } from '../db/client';
import { deleteOldMailedFax, listOldMailedFaxes } from '../db/queries/mailed-faxes';
import { mailMailedFaxEnd } from '../fax/mailed-fax-end';
import { userStore } from '../user-store/stub';

// The one-time emptying of D1's mailed_faxes (decision 042's amendment), run by the cron until it
// is empty: a fax whose end notice is still owed is handed to its owner's store, which tells its
// sender once it ends, or at once (a claim in the store) when it ended before the hand-over; a
// row whose notice went, or whose account is being deleted, just goes. A row is deleted only after
// the store took it, so a run cut short loses nothing, and running it twice mails nothing twice:
// the store's claim is one conditional update.

const FAXES_PER_RUN = 50;

/** A fax that ended longer ago than this is not told about any more: noted as told, no mail. */
const TOO_LATE_TO_TELL_MS = 24 * 3600_000;

/** A row the store could not take for this long is given up. */
const GIVE_UP_AFTER_MS = 7 * 24 * 3600_000;

/** Moves the next rows; answers how many left D1. */
export async function moveMailedFaxesToStores(env: Env, limit = FAXES_PER_RUN): Promise<number> {
  const db = getDb(env);
  let moved = 0;
  for (const row of await listOldMailedFaxes(db, limit)) {
    if (row.endMailedAt === null && !row.userDeleting) {
      try {
        const mailedBy = { replyTo: row.replyTo, subject: row.subject };
        const now = Date.now();
        const end = await userStore(env, row.userId).takeMailedFax(row.faxId, mailedBy, row.createdAt, now - TOO_LATE_TO_TELL_MS);
        if (end) await mailMailedFaxEnd(env, end);
      } catch (err) {
        // The store unreachable: the next run tries again, for a while (every fax has long ended by then).
        const stale = Date.now() - row.createdAt > GIVE_UP_AFTER_MS;
        console.warn(
          `A fax sent by e-mail before decision 042's amendment could not be handed to its store${stale ? '; given up' : ' yet'}`,
          { faxId: row.faxId },
          err,
        );
        if (!stale) continue;
      }
    }
    await deleteOldMailedFax(db, row.faxId);
    moved++;
  }
  return moved;
}
