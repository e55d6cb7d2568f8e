import { t } from '../../src/i18n/t';
import { noticeMail } from './link-mail';
import type { MailMessage } from './message';

// An outgoing webhook endpoint that failed for days was turned off (decision 047): the account is
// told, so the software waiting for its events does not wait in silence.

export function webhookDisabledMail(to: string, url: string, days: number, settingsUrl: string): MailMessage {
  const product = t('app.name');
  return noticeMail(to, t('webhooks.mail.disabledSubject', { product }), [
    t('webhooks.mail.disabled', { url, days }),
    t('webhooks.mail.disabledWhatNow', { link: settingsUrl }),
  ]);
}
