import { faxPdfFileName } from '../../src/common/fax-file-name';
import { RECEIVED_FAX_ATTACHMENT_MAX_BYTES } from '../../src/common/fax-mail';
import { formatPhoneForDisplay } from '../../src/common/phone';
import { getDb } from '../db/client';
import { findFaxMailAddress } from '../db/queries/fax-mail-addresses';
import { findUserById } from '../db/queries/users';
import { readConfig } from '../env';
import { findFaxOf } from '../fax/user-faxes';
import { faxToAddressMail } from '../mail/fax-to-address-mail';
import { mailAttachmentLimit, sendMail } from '../mail/send';
import { readObject, readObjectInfo } from '../storage/bucket';

/**
 * The fax-jobs message `fax.mail-received`: one received fax to one confirmed address, its PDF
 * attached when it fits the limit (RECEIVED_FAX_ATTACHMENT_MAX_BYTES, lowered by the provider's),
 * otherwise the link alone. Nothing is sent when the address was removed or unconfirmed since, the
 * account is being deleted, or the fax is gone. Throws when the provider refused, so the queue
 * tries again.
 */
export async function mailFaxToAddress(env: Env, userId: string, faxId: string, addressId: string): Promise<void> {
  const db = getDb(env);
  const [user, address, fax] = await Promise.all([
    findUserById(db, userId),
    findFaxMailAddress(db, userId, addressId),
    findFaxOf(env, userId, faxId),
  ]);
  if (!user || user.deletingAt !== null || !address?.confirmedAt || !fax || fax.status !== 'RECEIVED' || !fax.documentKey) return;

  const limit = Math.min(RECEIVED_FAX_ATTACHMENT_MAX_BYTES, mailAttachmentLimit(env));
  const info = await readObjectInfo(env, fax.documentKey);
  if (!info) return;
  const object = info.size <= limit ? await readObject(env, fax.documentKey) : null;
  const pdf = object
    ? { filename: faxPdfFileName(fax), contentType: 'application/pdf', content: new Uint8Array(await object.arrayBuffer()) }
    : null;
  const origin = readConfig(env).PUBLIC_ORIGIN;
  await sendMail(
    env,
    faxToAddressMail(address.email, {
      from: fax.remoteNumber ? formatPhoneForDisplay(fax.remoteNumber) : null,
      to: fax.localNumber ? formatPhoneForDisplay(fax.localNumber) : '',
      pages: fax.pageCount,
      partial: fax.partial,
      account: user.email,
      link: origin ? new URL(`/faxDetails/${fax.id}`, origin).toString() : null,
      pdf,
      pdfBytes: info.size,
    }),
  );
}
