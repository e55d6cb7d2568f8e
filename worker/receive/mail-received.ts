import { formatPhoneForDisplay } from '../../src/common/phone';
import { getDb } from '../db/client';
import { claimOnce, hasClaim } from '../db/queries/billing';
import { findUserById } from '../db/queries/users';
import { findFaxOf } from '../fax/user-faxes';
import { readConfig } from '../env';
import { faxReceivedMail } from '../mail/fax-received-mail';
import { sendMail } from '../mail/send';

/** Scope of the one-time claims that say a fax's arrival has been mailed (webhook_events). */
const MAILED_SCOPE = 'mail.fax-received';

/**
 * Tells the owner by mail that a fax has arrived (what every fax service does: the inbox may not be
 * open). Called for every delivery of the event that ended the fax, the fax's mail is sent until
 * one send has been recorded: a failure (the mail provider, D1) is thrown so the carrier delivers
 * the event again, and the fax itself, already safe in the store and R2, is not touched twice
 * (issue 15: a D1 error here used to lose the mail for good). A send whose record failed may be
 * repeated: better twice than never.
 */
export async function mailFaxReceived(env: Env, userId: string, faxId: string): Promise<void> {
  const db = getDb(env);
  if (await hasClaim(db, MAILED_SCOPE, faxId)) return;
  const [user, fax] = await Promise.all([findUserById(db, userId), findFaxOf(env, userId, faxId)]);
  if (!user || user.deletingAt !== null || !user.mailOnFaxReceived || !fax || fax.status !== 'RECEIVED') return;
  // Nobody has shown the address is the owner's yet: the product does not write to it (issue 15).
  if (user.emailVerifiedAt === null) return;
  const origin = readConfig(env).PUBLIC_ORIGIN;
  await sendMail(
    env,
    faxReceivedMail(user.email, {
      from: fax.remoteNumber ? formatPhoneForDisplay(fax.remoteNumber) : null,
      to: fax.localNumber ? formatPhoneForDisplay(fax.localNumber) : '',
      pages: fax.pageCount,
      partial: fax.partial,
      uncoveredPages: fax.uncoveredPages,
      link: origin ? new URL(`/faxDetails/${fax.id}`, origin).toString() : null,
    }),
  );
  await claimOnce(db, MAILED_SCOPE, faxId, Date.now());
}
