import { t } from '../../src/i18n/t';
import { linkMail, noticeMail } from './link-mail';
import type { MailMessage } from './message';

/** To the new address: follow the link to make it the account's e-mail. */
export function confirmNewEmailMail(newEmail: string, link: string): MailMessage {
  const product = t('app.name');
  return linkMail({
    to: newEmail,
    subject: t('emailChange.mail.subject', { product }),
    intro: [t('emailChange.mail.intro', { product, email: newEmail })],
    action: t('emailChange.mail.action'),
    link,
    outro: [t('emailChange.mail.validity'), t('emailChange.mail.ignore'), t('emailChange.mail.signature', { product })],
  });
}

/** To the old address: someone asked to move the account away from it. */
export function emailChangeNoticeMail(oldEmail: string, newEmail: string): MailMessage {
  const product = t('app.name');
  return noticeMail(oldEmail, t('emailChange.notice.subject', { product }), [
    t('emailChange.notice.body', { product, email: newEmail }),
    t('emailChange.notice.notYou'),
    t('emailChange.mail.signature', { product }),
  ]);
}
