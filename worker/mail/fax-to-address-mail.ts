import { t } from '../../src/i18n/t';
import { linkMail, noticeMail } from './link-mail';
import type { MailAttachment, MailMessage } from './message';

interface FaxForAddress {
  /** The caller as shown, null when withheld. */
  from: string | null;
  to: string;
  pages: number;
  partial: boolean;
  /** The account the fax came to, named so a shared mailbox knows whose fax it is. */
  account: string;
  /** The fax's page on this site, or null when the site's address is not configured. */
  link: string | null;
  /** The PDF when it is small enough to attach; null: the link is the way to it. */
  pdf: MailAttachment | null;
  /** The PDF's size, said when it is too large to attach. */
  pdfBytes: number;
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * To an address the user confirmed for received faxes (decision 028): who sent it, its pages, the
 * PDF attached below the provider's limit, above it a word that it is too large, and the link.
 */
export function faxToAddressMail(email: string, fax: FaxForAddress): MailMessage {
  const product = t('app.name');
  const from = fax.from ?? t('receiveMail.unknownSender');
  const pages = t(fax.pages === 1 ? 'receiveMail.onePage' : 'receiveMail.pages', { count: fax.pages });
  const subject = t('faxMail.received.subject', { from, pages });
  const intro = [
    t('receiveMail.intro', { from, to: fax.to, pages }),
    ...(fax.partial ? [t('receiveMail.partial')] : []),
    fax.pdf ? t('faxMail.received.attached') : t('faxMail.received.tooLarge', { size: megabytes(fax.pdfBytes) }),
  ];
  const outro = [t('faxMail.received.why', { email, account: fax.account }), t('receiveMail.signature', { product })];
  const message = fax.link
    ? linkMail({ to: email, subject, intro, action: t('receiveMail.action'), link: fax.link, outro })
    : noticeMail(email, subject, [...intro, ...outro]);
  return fax.pdf ? { ...message, attachments: [fax.pdf] } : message;
}
