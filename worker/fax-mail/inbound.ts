import { addressParser, type Email } from 'postal-mime';
import { isPaying } from '../../src/common/billing';
import { FAX_MAIL_MAX_BYTES } from '../../src/common/fax-mail';
import { formatPhoneForDisplay } from '../../src/common/phone';
import { t } from '../../src/i18n/t';
import { sha256Hex } from '../crypto/tokens';
import { getDb } from '../db/client';
import { faxNumberOfAddress } from '../domain/fax-mail';
import { checkSender } from '../domain/mail-auth';
import { readConfig } from '../env';
import { countAgainstLimit } from '../http/rate-limit';
import { faxMailRefusedMail } from '../mail/fax-by-mail-mail';
import { sendMail } from '../mail/send';
import { userStore } from '../user-store/stub';
import { sendMailedFax } from './mailed-fax';
import { MailTooLarge, parseMail, readRawMail } from './read-mail';
import { accountOfSender } from './sender-account';

// A mail to <fax number>@FAX_MAIL_DOMAIN (Cloudflare Email Routing hands it to the Worker's email()
// handler; decision 028). Mail that is not for a fax number, too large, unreadable, automatic, not
// proved to come from its From address, or from an address no account confirmed, is refused at
// the SMTP level (setReject): the sending server tells its sender why, and nothing of ours is ever
// written to an address nobody has proved. From a confirmed address, the fax is sent or the
// sender is told by mail why not; nothing is charged for a fax that is not sent.

/** Scope of the one-time claims that a mail (sender and Message-ID) was faxed, in the account's store. */
const MAIL_CLAIM_SCOPE = 'fax-mail';

/** What the handler needs of Cloudflare's ForwardableEmailMessage. */
export interface InboundMail {
  readonly from: string;
  readonly to: string;
  readonly rawSize: number;
  readonly raw: ReadableStream<Uint8Array>;
  setReject(reason: string): void;
}

export type InboundOutcome =
  | { kind: 'rejected'; reason: string }
  | { kind: 'refused'; userId: string; reason: string }
  | { kind: 'accepted'; userId: string; faxId: string }
  | { kind: 'duplicate' };

/** Auto-replies, bounces and bulk mail are never faxed (and never answered: no mail loops). */
function isAutomatic(mail: Email): boolean {
  return mail.headers.some(
    (header) =>
      (header.key === 'auto-submitted' && header.value.trim().toLowerCase() !== 'no') ||
      (header.key === 'precedence' && /^(bulk|junk|list|auto_reply)$/i.test(header.value.trim())),
  );
}

/**
 * The one From address of the mail, lower-cased; null for none, a group, several From headers, or
 * one From header naming several addresses (RFC 5322 allows it; whom to charge is then not known).
 */
function senderOf(mail: Email): string | null {
  const headers = mail.headers.filter((header) => header.key === 'from');
  if (headers.length !== 1) return null;
  const addresses = addressParser(headers[0]!.value);
  const [only] = addresses;
  if (addresses.length !== 1 || !only || only.group) return null;
  const address = only.address?.trim().toLowerCase();
  return address ? address : null;
}

export async function receiveFaxMail(env: Env, mail: InboundMail): Promise<InboundOutcome> {
  const reject = (reason: string): InboundOutcome => {
    mail.setReject(reason);
    return { kind: 'rejected', reason };
  };
  const config = readConfig(env);
  const domain = config.FAX_MAIL_DOMAIN;
  if (!domain) return reject(t('faxMail.reject.notSetUp'));
  const toNumber = faxNumberOfAddress(mail.to, domain);
  if (!toNumber) return reject(t('faxMail.reject.notANumber', { address: mail.to, domain }));
  const tooLarge = t('faxMail.reject.tooLarge', { max: FAX_MAIL_MAX_BYTES / (1024 * 1024) });
  if (mail.rawSize > FAX_MAIL_MAX_BYTES) return reject(tooLarge);
  // A bounce has no envelope sender: nothing to fax, nobody to answer.
  if (!mail.from.trim()) return reject(t('faxMail.reject.automatic'));

  let parsed: Email;
  try {
    parsed = await parseMail(await readRawMail(mail.raw, FAX_MAIL_MAX_BYTES));
  } catch (err) {
    return reject(err instanceof MailTooLarge ? tooLarge : t('faxMail.reject.unreadable'));
  }
  if (isAutomatic(parsed)) return reject(t('faxMail.reject.automatic'));
  const sender = senderOf(parsed);
  if (!sender) return reject(t('faxMail.reject.notOneSender'));
  if (!checkSender(parsed.headers, config.FAX_MAIL_AUTHSERV_ID, sender).passed) {
    return reject(t('faxMail.reject.senderChecks', { address: sender }));
  }
  // Counted once the sender is proved, so nobody can use up someone else's allowance.
  if ((await countAgainstLimit(env, 'fax-mail-inbound-sender', sender)) !== null) {
    return reject(t('faxMail.reject.rateLimited', { address: sender }));
  }
  const db = getDb(env);
  const user = await accountOfSender(db, sender);
  if (user === 'NONE') return reject(t('faxMail.reject.notConfirmed', { address: sender }));
  if (user === 'AMBIGUOUS') return reject(t('faxMail.reject.ambiguous', { address: sender }));

  // From here the sender is a confirmed address of `user`: refusals are mailed back to it.
  const subject = parsed.subject ?? '';
  const refuse = async (reason: string): Promise<InboundOutcome> => {
    try {
      await sendMail(env, faxMailRefusedMail(sender, { number: formatPhoneForDisplay(toNumber), subject, reason }));
    } catch (err) {
      console.warn('Could not tell', user.id, 'why a fax by e-mail was refused', err);
    }
    return { kind: 'refused', userId: user.id, reason };
  };
  if (!isPaying(user.subscriptionType)) {
    return refuse(t('faxMail.refusal.noPlan', { link: `${config.PUBLIC_ORIGIN ?? ''}/upgrade` }));
  }
  if ((await countAgainstLimit(env, 'fax-mail-inbound-account', user.id)) !== null) return refuse(t('faxMail.refusal.rateLimited'));

  // The same mail delivered twice (a retry of the mail servers) is faxed once: claimed in the
  // account's store, so D1 keeps no row per mail (decision 042's amendment).
  const store = userStore(env, user.id);
  const claim = parsed.messageId ? { provider: MAIL_CLAIM_SCOPE, eventId: await sha256Hex(`${sender} ${parsed.messageId}`) } : null;
  if (claim && !(await store.claimReceipt(claim))) return { kind: 'duplicate' };
  try {
    const sent = await sendMailedFax(env, db, user, { mail: parsed, sender, toNumber, subject });
    if ('refused' in sent) return refuse(sent.refused);
    return { kind: 'accepted', userId: user.id, faxId: sent.faxId };
  } catch (err) {
    // Nothing was sent: a redelivery of this mail may try again.
    if (claim) await store.forgetReceipt(claim);
    throw err;
  }
}
