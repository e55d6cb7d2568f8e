import { useId, useState, type FormEvent } from 'react';
import { t } from '../../i18n/t';
import { changePassword } from '../../stores/account';
import NewPasswordField from '../auth/NewPasswordField';
import FormStatus, { type Status } from './FormStatus';
import SettingsSection from './SettingsSection';

export default function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const currentId = useId();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setStatus({ kind: 'busy' });
    const result = await changePassword(String(data.get('currentPassword') ?? ''), String(data.get('newPassword') ?? ''));
    if (result.ok) {
      form.reset();
      setStatus({ kind: 'done', message: t('settings.passwordChanged') });
    } else {
      // Spec §5: a wrong current password, or OTHER with the server's reason.
      setStatus({ kind: 'error', message: result.code === 'INVALID_CURRENT_PASSWORD' ? t('errors.INVALID_CURRENT_PASSWORD') : result.message });
    }
  }

  return (
    <SettingsSection id="password" title={t('settings.passwordHeading')}>
      {!hasPassword ? (
        <p className="muted">
          {t('settings.noPassword')} <a href="/recover">{t('settings.setPasswordLink')}</a>
        </p>
      ) : (
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor={currentId}>{t('settings.currentPassword')}</label>
            <input id={currentId} name="currentPassword" type="password" autoComplete="current-password" required />
          </div>
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
