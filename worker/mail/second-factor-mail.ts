import { t } from '../../src/i18n/t';
import { noticeMail } from './link-mail';
import type { MailMessage } from './message';

// Every change to how an account proves itself is mailed to it (NIST 800-63B-4 §4.6), so whoever
// did not make the change hears of it (decision 044).

export type SecondFactorNotice =
  | { kind: 'app-on' }
  | { kind: 'app-off' }
  | { kind: 'recovery-codes-new' }
  | { kind: 'recovery-code-used'; left: number }
  // Decision 045.
  | { kind: 'passkey-added' | 'passkey-removed' | 'passkey-refused'; name: string };

export function secondFactorMail(to: string, notice: SecondFactorNotice, supportEmail: string): MailMessage {
  const product = t('app.name');
  const notYou = t('secondFactor.mail.notYou', { product, email: supportEmail });
  switch (notice.kind) {
    case 'app-on':
      return noticeMail(to, t('secondFactor.mail.appOnSubject', { product }), [t('secondFactor.mail.appOn'), notYou]);
    case 'app-off':
      return noticeMail(to, t('secondFactor.mail.appOffSubject', { product }), [t('secondFactor.mail.appOff'), notYou]);
    case 'recovery-codes-new':
      return noticeMail(to, t('secondFactor.mail.newCodesSubject', { product }), [t('secondFactor.mail.newCodes'), notYou]);
    case 'recovery-code-used':
      return noticeMail(to, t('secondFactor.mail.codeUsedSubject', { product }), [
        t('secondFactor.mail.codeUsed', { count: notice.left }),
        notYou,
      ]);
    case 'passkey-added':
      return noticeMail(to, t('secondFactor.mail.passkeyAddedSubject', { product }), [
        t('secondFactor.mail.passkeyAdded', { name: notice.name }),
        notYou,
      ]);
    case 'passkey-removed':
      return noticeMail(to, t('secondFactor.mail.passkeyRemovedSubject', { product }), [
        t('secondFactor.mail.passkeyRemoved', { name: notice.name }),
        notYou,
      ]);
    case 'passkey-refused':
      return noticeMail(to, t('secondFactor.mail.passkeyRefusedSubject', { product }), [
        t('secondFactor.mail.passkeyRefused', { name: notice.name }),
        notYou,
      ]);
  }
}
