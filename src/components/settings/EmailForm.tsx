import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import { changeEmail } from '../../stores/account';
import Field from '../forms/Field';
import SaveStatus from './SaveStatus';
import SettingsSection from './SettingsSection';
import { useCredentialChange } from './use-credential-change';

const t = translator({ settings: settingsMessages });

/** A new address takes effect only once the link sent to it is followed. */
export default function EmailForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { status, errorAt, submit } = useCredentialChange(
    (form) => changeEmail(String(form.get('currentPassword') ?? ''), String(form.get('newEmail') ?? '')),
    (data) => t('settings.emailLinkSent', { email: data.newEmail }),
    { newField: 'newEmail', stays: true },
  );
  const error = (field: typeof errorAt) => (status.kind === 'error' && errorAt === field ? status.message : null);

  return (
    <SettingsSection id="email" title={t('settings.emailHeading')} description={t('settings.currentEmail', { email })}>
      {hasPassword ? (
        <form onSubmit={submit}>
          <Field label={t('settings.newEmail')} name="newEmail" type="email" autoComplete="email" required error={error('new')} />
          <Field
            label={t('settings.currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={error('currentPassword')}
          />
          <div className="settings-card-foot">
            <SaveStatus status={status} />
            <button type="submit" className="button secondary" disabled={status.kind === 'busy'}>
              {t('settings.changeEmail')}
            </button>
          </div>
        </form>
      ) : (
        <p className="muted">{t('settings.emailNeedsPassword')}</p>
      )}
    </SettingsSection>
  );
}
