import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import { changePassword } from '../../stores/account';
import NewPasswordField from '../auth/NewPasswordField';
import Field from '../forms/Field';
import SaveStatus from './SaveStatus';
import SettingsSection from './SettingsSection';
import { useCredentialChange } from './use-credential-change';

const t = translator({ settings: settingsMessages });

export default function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { status, errorAt, submit } = useCredentialChange(
    (form) => changePassword(String(form.get('currentPassword') ?? ''), String(form.get('newPassword') ?? '')),
    () => t('settings.passwordChanged'),
    { newField: 'newPassword' },
  );
  const error = (field: typeof errorAt) => (status.kind === 'error' && errorAt === field ? status.message : null);

  return (
    <SettingsSection id="password" title={t('settings.passwordHeading')} description={t('settings.passwordAbout')}>
      {!hasPassword ? (
        <p className="muted">
          {t('settings.noPassword')} <a href="/recover">{t('settings.setPasswordLink')}</a>
        </p>
      ) : (
        <form onSubmit={submit}>
          <Field
            label={t('settings.currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={error('currentPassword')}
          />
          <NewPasswordField
            name="newPassword"
            label={t('settings.newPassword')}
            hint={t('settings.newPasswordHint')}
            error={error('new')}
          />
          <div className="settings-card-foot">
            <SaveStatus status={status} />
            <button type="submit" className="button secondary" disabled={status.kind === 'busy'}>
              {t('settings.changePassword')}
            </button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
