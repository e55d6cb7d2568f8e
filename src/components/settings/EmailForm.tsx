import { useId, useState, type FormEvent } from 'react';
import { t } from '../../i18n/t';
import { changeEmail } from '../../stores/account';
import FormStatus, { type Status } from './FormStatus';
import SettingsSection from './SettingsSection';

/** A new address takes effect only once the link sent to it is followed. */
export default function EmailForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const ids = { next: useId(), current: useId() };

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setStatus({ kind: 'busy' });
    const result = await changeEmail(String(data.get('currentPassword') ?? ''), String(data.get('newEmail') ?? ''));
    if (result.ok) {
      form.reset();
      setStatus({ kind: 'done', message: t('settings.emailLinkSent', { email: result.data.newEmail }) });
    } else {
      setStatus({ kind: 'error', message: result.code === 'INVALID_CURRENT_PASSWORD' ? t('errors.INVALID_CURRENT_PASSWORD') : result.message });
    }
  }

  return (
    <SettingsSection id="email" title={t('settings.emailHeading')}>
      <p>{t('settings.currentEmail', { email })}</p>
      {hasPassword ? (
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor={ids.next}>{t('settings.newEmail')}</label>
            <input id={ids.next} name="newEmail" type="email" autoComplete="email" required />
          </div>
          <div className="field">
            <label htmlFor={ids.current}>{t('settings.currentPassword')}</label>
            <input id={ids.current} name="currentPassword" type="password" autoComplete="current-password" required />
          </div>
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
