import { t } from '../../src/i18n/t';
import { linkMail } from './link-mail';
import type { MailMessage } from './message';

/** The mail with a password reset link (worker/auth/password-reset.ts). */
export function passwordResetMail(to: string, link: string): MailMessage {
  const product = t('app.name');
  return linkMail({
    to,
    subject: t('recover.mail.subject', { product }),
    intro: [t('recover.mail.greeting'), t('recover.mail.intro', { product, email: to }), t('recover.mail.linkIntro')],
    action: t('recover.mail.action'),
    link,
    outro: [t('recover.mail.validity'), t('recover.mail.ignore'), t('recover.mail.signature', { product })],
  });
}
