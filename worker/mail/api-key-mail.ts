import type { ApiKeyScope } from '../../src/common/api-key-rules';
import { t } from '../../src/i18n/t';
import { noticeMail } from './link-mail';
import type { MailMessage } from './message';

// A key acts for the account, so each one made or revoked is mailed to it (decision 046), as a
// change to the second factor is: whoever did not make it hears of it.

export interface ApiKeyNotice {
  kind: 'created' | 'revoked';
  name: string;
  lastFour: string;
  scopes: ApiKeyScope[];
}

export function apiKeyMail(to: string, notice: ApiKeyNotice, supportEmail: string): MailMessage {
  const product = t('app.name');
  const notYou = t('developers.mail.notYou', { email: supportEmail });
  const scopes = notice.scopes.map((scope) => t(`developers.scopeNames.${scope}`)).join(', ');
  const words = { name: notice.name, lastFour: notice.lastFour, scopes, product };
  return notice.kind === 'created'
    ? noticeMail(to, t('developers.mail.createdSubject', words), [t('developers.mail.created', words), notYou])
    : noticeMail(to, t('developers.mail.revokedSubject', words), [t('developers.mail.revoked', words), notYou]);
}
