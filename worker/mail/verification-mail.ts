import { t } from '../../src/i18n/t';
import { linkMail } from './link-mail';
import type { MailMessage } from './message';

/** Sent at sign-up (and again on request): follow the link to confirm the address is yours. */
export function verifyEmailMail(to: string, link: string): MailMessage {
  const product = t('app.name');
  return linkMail({
    to,
    subject: t('verifyEmail.mail.subject', { product }),
    intro: [t('verifyEmail.mail.intro', { product, email: to })],
    action: t('verifyEmail.mail.action'),
    link,
    outro: [t('verifyEmail.mail.validity'), t('verifyEmail.mail.ignore'), t('recover.mail.signature', { product })],
  });
}
