import { formatPhoneForDisplay } from '../../src/common/phone';
import { getDb } from '../db/client';
import { findUserById } from '../db/queries/users';
import { findFaxOf } from '../fax/user-faxes';
import { readConfig } from '../env';
import { faxReceivedMail } from '../mail/fax-received-mail';
import { sendMail } from '../mail/send';

/**
 * Tells the owner by mail that a fax has arrived (what every fax service does: the inbox may not be
 * open). Sent once, by the delivery that ended the fax. The fax is already safe in the user's store and R2, so a
 * mail that cannot be handed over is logged and never fails the carrier's webhook.
 */
export async function mailFaxReceived(env: Env, userId: string, faxId: string): Promise<void> {
  try {
    const db = getDb(env);
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
  } catch (err) {
    console.warn('Could not mail the arrival of fax', faxId, err);
  }
}
