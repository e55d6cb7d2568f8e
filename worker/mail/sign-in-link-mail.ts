import { t } from '../../src/i18n/t';
import { linkMail } from './link-mail';
import type { MailMessage } from './message';

/** The mail with a link that signs its reader in (worker/auth/sign-in-link.ts). */
export function signInLinkMail(to: string, link: string): MailMessage {
  const product = t('app.name');
  return linkMail({
    to,
    subject: t('signInLink.mail.subject', { product }),
    intro: [t('recover.mail.greeting'), t('signInLink.mail.intro', { product, email: to })],
    action: t('signInLink.mail.action', { product }),
    link,
    outro: [t('signInLink.mail.validity'), t('signInLink.mail.ignore'), t('recover.mail.signature', { product })],
  });
}
