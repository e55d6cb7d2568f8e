import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import { changeEmail } from '../../stores/account';
import Field from '../forms/Field';
import FormStatus from './FormStatus';
import { useCredentialChange } from './use-credential-change';
import SettingsSection from './SettingsSection';

const t = translator({ settings: settingsMessages });

/** A new address takes effect only once the link sent to it is followed. */
export default function EmailForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { status, submit } = useCredentialChange(
    (form) => changeEmail(String(form.get('currentPassword') ?? ''), String(form.get('newEmail') ?? '')),
    (data) => t('settings.emailLinkSent', { email: data.newEmail }),
  );

  return (
    <SettingsSection id="email" title={t('settings.emailHeading')}>
      <p>{t('settings.currentEmail', { email })}</p>
      {hasPassword ? (
        <form onSubmit={submit}>
          <Field label={t('settings.newEmail')} name="newEmail" type="email" autoComplete="email" required />
          <Field label={t('settings.currentPassword')} name="currentPassword" type="password" autoComplete="current-password" required />
          <button type="submit" className="button secondary" disabled={status.kind === 'busy'}>
            {t('settings.changeEmail')}
          </button>
          <FormStatus status={status} />
        </form>
      ) : (
        <p className="muted">{t('settings.emailNeedsPassword')}</p>
      )}
    </SettingsSection>
  );
}
