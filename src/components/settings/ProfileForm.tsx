import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { t } from '../../i18n/t';
import { $account, updateDisplayName, updatePersonalPhone } from '../../stores/account';
import FormStatus, { type Status } from './FormStatus';
import SettingsSection from './SettingsSection';

/** Display name and personal phone: each saved on its own, as the spec's two calls. */
export default function ProfileForm() {
  const account = useStore($account);
  const [nameStatus, setNameStatus] = useState<Status>({ kind: 'idle' });
  const [phoneStatus, setPhoneStatus] = useState<Status>({ kind: 'idle' });
  const ids = { name: useId(), phone: useId(), phoneHint: useId() };
  if (!account) return <p className="muted">{t('settings.loading')}</p>;

  async function saveName(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setNameStatus({ kind: 'busy' });
    const result = await updateDisplayName(String(new FormData(event.currentTarget).get('name') ?? ''));
    setNameStatus(result.ok ? { kind: 'done', message: t('settings.nameSaved') } : { kind: 'error', message: t(`errors.${result.code}`) });
  }

  async function savePhone(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setPhoneStatus({ kind: 'busy' });
    const result = await updatePersonalPhone(String(new FormData(event.currentTarget).get('phone') ?? ''));
    setPhoneStatus(result.ok ? { kind: 'done', message: t('settings.phoneSaved') } : { kind: 'error', message: t(`errors.${result.code}`) });
  }

  return (
    <SettingsSection id="profile" title={t('settings.profileHeading')}>
      <form className="inline-form" onSubmit={saveName}>
        <div className="field">
          <label htmlFor={ids.name}>{t('settings.displayName')}</label>
          <input id={ids.name} name="name" type="text" autoComplete="name" maxLength={80} required defaultValue={account.displayName ?? ''} />
        </div>
        <button type="submit" className="button secondary" disabled={nameStatus.kind === 'busy'}>
          {t('settings.saveName')}
        </button>
        <FormStatus status={nameStatus} />
      </form>
      <form className="inline-form" onSubmit={savePhone}>
        <div className="field">
          <label htmlFor={ids.phone}>{t('settings.personalPhone')}</label>
          <input
            id={ids.phone}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={32}
            defaultValue={account.personalPhoneDisplay ?? ''}
            aria-describedby={ids.phoneHint}
          />
          <p className="hint" id={ids.phoneHint}>
            {t('settings.personalPhoneHint')}
          </p>
        </div>
        <button type="submit" className="button secondary" disabled={phoneStatus.kind === 'busy'}>
          {t('settings.savePhone')}
        </button>
        <FormStatus status={phoneStatus} />
      </form>
    </SettingsSection>
  );
}
