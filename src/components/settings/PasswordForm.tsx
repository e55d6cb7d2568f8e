import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import { changePassword } from '../../stores/account';
import NewPasswordField from '../auth/NewPasswordField';
import Field from '../forms/Field';
import FormStatus from './FormStatus';
import { useCredentialChange } from './use-credential-change';
import SettingsSection from './SettingsSection';

const t = translator({ settings: settingsMessages });

export default function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { status, submit } = useCredentialChange(
    (form) => changePassword(String(form.get('currentPassword') ?? ''), String(form.get('newPassword') ?? '')),
    () => t('settings.passwordChanged'),
  );

  return (
    <SettingsSection id="password" title={t('settings.passwordHeading')}>
      {!hasPassword ? (
        <p className="muted">
          {t('settings.noPassword')} <a href="/recover">{t('settings.setPasswordLink')}</a>
        </p>
      ) : (
        <form onSubmit={submit}>
          <Field label={t('settings.currentPassword')} name="currentPassword" type="password" autoComplete="current-password" required />
          <NewPasswordField name="newPassword" label={t('settings.newPassword')} hint={t('settings.newPasswordHint')} />
          <button type="submit" className="button secondary" disabled={status.kind === 'busy'}>
            {t('settings.changePassword')}
          </button>
          <FormStatus status={status} />
        </form>
      )}
    </SettingsSection>
  );
}
