import { t } from '../../src/i18n/t';
import { linkMail } from './link-mail';
import type { MailMessage } from './message';

/**
 * To an address a user added for received faxes: it gets nothing until whoever reads it follows
 * the link. It names the account, so a stranger's request is easy to ignore.
 */
export function confirmFaxMailAddressMail(to: string, account: string, link: string): MailMessage {
  const product = t('app.name');
  return linkMail({
    to,
    subject: t('faxMail.confirmMail.subject', { product }),
    intro: [t('faxMail.confirmMail.intro', { product, account, email: to }), t('faxMail.confirmMail.what')],
    action: t('faxMail.confirmMail.action'),
    link,
    outro: [t('faxMail.confirmMail.validity'), t('faxMail.confirmMail.ignore'), t('recover.mail.signature', { product })],
  });
}
