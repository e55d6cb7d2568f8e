import { t } from '../../src/i18n/t';
import { linkMail, noticeMail } from './link-mail';
import type { MailMessage } from './message';

interface ReceivedFaxNotice {
  /** The caller as shown, null when withheld. */
  from: string | null;
  to: string;
  pages: number;
  partial: boolean;
  uncoveredPages: number;
  /** The fax's page on this site, or null when the site's address is not configured. */
  link: string | null;
}

/** "You have a new fax": who from, how many pages, anything to know, and where to read it. */
export function faxReceivedMail(email: string, fax: ReceivedFaxNotice): MailMessage {
  const product = t('app.name');
  const from = fax.from ?? t('receiveMail.unknownSender');
  const pages = t(fax.pages === 1 ? 'receiveMail.onePage' : 'receiveMail.pages', { count: fax.pages });
  const intro = [
    t('receiveMail.intro', { from, to: fax.to, pages }),
    ...(fax.partial ? [t('receiveMail.partial')] : []),
    ...(fax.uncoveredPages > 0 ? [t('receiveMail.uncovered', { count: fax.uncoveredPages })] : []),
  ];
  const subject = t('receiveMail.subject', { from });
  const outro = [t('receiveMail.why', { to: fax.to }), t('receiveMail.signature', { product })];
  if (!fax.link) return noticeMail(email, subject, [...intro, ...outro]);
  return linkMail({ to: email, subject, intro, action: t('receiveMail.action'), link: fax.link, outro });
}
