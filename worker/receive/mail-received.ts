import { formatPhoneForDisplay } from '../../src/common/phone';
import { getDb } from '../db/client';
import { listConfirmedFaxMailAddresses } from '../db/queries/fax-mail-addresses';
import { findUserById } from '../db/queries/users';
import { findFaxOf } from '../fax/user-faxes';
import { readConfig } from '../env';
import { faxReceivedMail } from '../mail/fax-received-mail';
import { sendMail } from '../mail/send';
import { enqueueFaxJobs } from '../queues/fax-messages';
import { userHubStub } from '../live/publish';

/**
 * Tells the owner by mail that a fax has arrived (what every fax service does: the inbox may not be
 * open). Sent once, by the delivery that ended the fax. The fax is already safe in the user's store and R2, so a
 * mail that cannot be handed over is logged and never fails the carrier's webhook.
 * Each address the user confirmed for received faxes gets the fax itself, PDF attached
 * (mail-to-address.ts), by a queue job of its own: a slow or failing provider holds up neither the
 * carrier's webhook nor the other addresses, and a failure is tried again.
 */
/** "Grace Hopper, (212) 555-0123" when the caller is in the user's phonebook, else the number; null when withheld. */
export async function senderOf(env: Env, userId: string, number: string | null): Promise<string | null> {
  if (!number) return null;
  const display = formatPhoneForDisplay(number);
  const names = await userHubStub(env, userId).contactNames(userId, [number]);
  return names[number] ? `${names[number]}, ${display}` : display;
}

export async function mailFaxReceived(env: Env, userId: string, faxId: string): Promise<void> {
  try {
    const db = getDb(env);
    const [user, fax, addresses] = await Promise.all([
      findUserById(db, userId),
      findFaxOf(env, userId, faxId),
      listConfirmedFaxMailAddresses(db, userId),
    ]);
    if (!user || user.deletingAt !== null || !fax || fax.status !== 'RECEIVED') return;
    if (addresses.length > 0) {
      await enqueueFaxJobs(
        env,
        addresses.map((address) => ({ kind: 'fax.mail-received' as const, faxId, userId, addressId: address.id })),
      );
    }
    // The account's own address, when also confirmed for received faxes, gets that mail only.
    if (!user.mailOnFaxReceived || addresses.some((address) => address.email === user.email)) return;
    // Nobody has shown the address is the owner's yet: the product does not write to it (issue 15).
    if (user.emailVerifiedAt === null) return;
    const origin = readConfig(env).PUBLIC_ORIGIN;
    await sendMail(
      env,
      faxReceivedMail(user.email, {
        from: await senderOf(env, userId, fax.remoteNumber),
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
