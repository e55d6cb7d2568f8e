import { useState, type FormEvent } from 'react';
import errorsMessages from 'virtual:messages/errors';
import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import type { AccountDetails } from '../../common/account-view';
import { updateDisplayName, updatePersonalPhone } from '../../stores/account';
import Field from '../forms/Field';
import FormStatus, { type Status } from './FormStatus';
import SettingsSection from './SettingsSection';

const t = translator({ errors: errorsMessages, settings: settingsMessages });

/** Display name and personal phone: each saved on its own, as the spec's two calls. */
export default function ProfileForm({ account }: { account: AccountDetails }) {
  const [nameStatus, setNameStatus] = useState<Status>({ kind: 'idle' });
  const [phoneStatus, setPhoneStatus] = useState<Status>({ kind: 'idle' });

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
    setPhoneStatus(
      result.ok ? { kind: 'done', message: t('settings.phoneSaved') } : { kind: 'error', message: t(`errors.${result.code}`) },
    );
  }

  return (
    <SettingsSection id="profile" title={t('settings.profileHeading')}>
      <form className="inline-form" onSubmit={saveName}>
        <Field
          label={t('settings.displayName')}
          name="name"
          type="text"
          autoComplete="name"
          maxLength={80}
          required
          defaultValue={account.displayName ?? ''}
        />
        <button type="submit" className="button secondary" disabled={nameStatus.kind === 'busy'}>
          {t('settings.saveName')}
        </button>
        <FormStatus status={nameStatus} />
      </form>
      <form className="inline-form" onSubmit={savePhone}>
        <Field
          label={t('settings.personalPhone')}
          hint={t('settings.personalPhoneHint')}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={32}
          defaultValue={account.personalPhoneDisplay ?? ''}
        />
        <button type="submit" className="button secondary" disabled={phoneStatus.kind === 'busy'}>
          {t('settings.savePhone')}
        </button>
        <FormStatus status={phoneStatus} />
      </form>
    </SettingsSection>
  );
}
