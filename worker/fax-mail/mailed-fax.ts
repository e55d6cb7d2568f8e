import type { Email } from 'postal-mime';
import { formatPhoneForDisplay } from '../../src/common/phone';
import { t } from '../../src/i18n/t';
import type { Db } from '../db/client';
import type { FileRow, UserRow } from '../db/schema';
import { coverPageOfMail, senderLocalDate, textOfHtml } from '../domain/fax-mail';
import { readConfig } from '../env';
import { acceptFax } from '../fax/accept-send';
import { ApiError } from '../http/api-error';
import { faxMailAcceptedMail } from '../mail/fax-by-mail-mail';
import { sendMail } from '../mail/send';
import { forgetMailDocument, storeMailDocument, UnusableAttachments } from './mail-document';

// A mail from a confirmed address of a user with a plan, made a fax (decision 028): the
// attachments merged in order as the document, the subject and text as a classic cover page,
// charged and dispatched like any send (fax/accept-send.ts); the sender is told it is on its way.

interface MailedFax {
  mail: Email;
  /** The confirmed address it came from. */
  sender: string;
  /** E.164. */
  toNumber: string;
  subject: string;
}

/** Control characters out, at most 120 characters: the document's name in the history. */
function documentName(subject: string): string {
  const printable = [...subject].map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch)).join('');
  const cleaned = printable.replace(/\s+/g, ' ').trim().slice(0, 120);
  return `${cleaned || t('faxMail.documentName')}.pdf`;
}

export async function sendMailedFax(env: Env, db: Db, user: UserRow, fax: MailedFax): Promise<{ faxId: string } | { refused: string }> {
  const config = readConfig(env);
  let file: FileRow;
  try {
    file = await storeMailDocument(env, db, user.id, documentName(fax.subject), fax.mail.attachments, config);
  } catch (err) {
    if (err instanceof UnusableAttachments) return { refused: err.message };
    throw err;
  }
  const dateHeader = fax.mail.headers.find((header) => header.key === 'date')?.value;
  const cover = coverPageOfMail({
    subject: fax.subject,
    text: fax.mail.text ?? textOfHtml(fax.mail.html ?? ''),
    fromName: (fax.mail.from && !fax.mail.from.group ? fax.mail.from.name : '') || user.displayName || fax.sender,
    toDisplay: formatPhoneForDisplay(fax.toNumber),
    localDate: senderLocalDate(dateHeader, Date.now()),
  });
  try {
    const { faxId, fax: view } = await acceptFax(env, user, {
      toNumber: fax.toNumber,
      file,
      coverPage: cover ? JSON.stringify(cover) : null,
      anonymous: false,
      mailedBy: { address: fax.sender, subject: fax.subject.slice(0, 200) },
    });
    const link = config.PUBLIC_ORIGIN ? new URL(`/faxDetails/${faxId}`, config.PUBLIC_ORIGIN).toString() : null;
    try {
      await sendMail(
        env,
        faxMailAcceptedMail(fax.sender, { number: formatPhoneForDisplay(fax.toNumber), subject: fax.subject, pages: view.pageCount, link }),
      );
    } catch (err) {
      console.warn('Could not tell', user.id, 'that fax', faxId, 'sent by e-mail is on its way', err);
    }
    return { faxId };
  } catch (err) {
    await forgetMailDocument(env, db, file);
    if (err instanceof ApiError) return { refused: err.message };
    throw err;
  }
}
