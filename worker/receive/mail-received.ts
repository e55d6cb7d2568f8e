import { formatPhoneForDisplay } from '../../src/common/phone';
import { isLegacyFaxId } from '../crypto/fax-id';
import { getDb } from '../db/client';
import { hasClaim } from '../db/queries/billing';
import { listConfirmedFaxMailAddresses } from '../db/queries/fax-mail-addresses';
import { findUserById } from '../db/queries/users';
import { readConfig } from '../env';
import { findFaxOf } from '../fax/user-faxes';
import { faxReceivedMail } from '../mail/fax-received-mail';
import { sendMail } from '../mail/send';
import { enqueueFaxJobs } from '../queues/fax-messages';
import { userStore } from '../user-store/stub';

/**
 * Scope of the one-time claims that say a fax's arrival has been mailed: in the owner's store since
 * decision 042 (D1's webhook_events held them before, and still answers for faxes of then).
 */
const MAILED_SCOPE = 'mail.fax-received';

/** "Grace Hopper, (212) 555-0123" when the caller is in the user's phonebook, else the number; null when withheld. */
export async function senderOf(env: Env, userId: string, number: string | null): Promise<string | null> {
  if (!number) return null;
  const display = formatPhoneForDisplay(number);
  const names = await userStore(env, userId).contactNames([number]);
  return names[number] ? `${names[number]}, ${display}` : display;
}

/**
 * Tells the owner by mail that a fax has arrived (what every fax service does: the inbox may not be
 * open), and hands the fax itself to each address the user confirmed for received faxes (a queue
 * job each, mail-to-address.ts: a slow provider holds up neither the webhook nor the other
 * addresses). Called for every delivery of the event that ended the fax, it runs until one run
 * has been recorded: a failure (the mail provider, D1, the queue, the store) is thrown so the carrier
 * delivers the event again, and the fax, already safe in the store and R2, is not touched twice
 * (faults-webhooks.test.ts: a D1 error here used to lose the mail for good). A run whose record failed may be
 * repeated: better twice than never.
 */
export async function mailFaxReceived(env: Env, userId: string, faxId: string): Promise<void> {
  const db = getDb(env);
  const store = userStore(env, userId);
  const claim = { provider: MAILED_SCOPE, eventId: faxId };
  if (await store.hasReceipt(claim)) return;
  if (isLegacyFaxId(faxId) && (await hasClaim(db, MAILED_SCOPE, faxId))) return;
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
  // The account's own address, when also confirmed for received faxes, gets that mail only; and
  // nobody has shown an unconfirmed address is the owner's, so the product does not write to it.
  const ownAddressGetsTheFax = addresses.some((address) => address.email === user.email);
  if (user.mailOnFaxReceived && !ownAddressGetsTheFax && user.emailVerifiedAt !== null) {
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
  }
  await store.recordReceipt(claim);
}
