import errorsMessages from 'virtual:messages/errors';
import settingsMessages from 'virtual:messages/settings';
import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import type { AccountDetails } from '../../common/account-view';
import { translator } from '../../i18n/translator';
import type { ApiResult } from '../../lib/api';
import { updateDisplayName, updatePersonalPhone } from '../../stores/account';
import Field from '../forms/Field';
import type { Status } from './FormStatus';
import SaveStatus from './SaveStatus';
import SettingsSection from './SettingsSection';

const t = translator({ errors: errorsMessages, settings: settingsMessages });

interface CardProps {
  id: string;
  title: string;
  description: string;
  field: InputHTMLAttributes<HTMLInputElement> & { name: string; hint?: string };
  saveLabel: string;
  savedMessage: string;
  save: (value: string) => Promise<ApiResult<{ account: AccountDetails }>>;
  /** The value as the account now shows it (a phone number formatted), put back in the field once saved. */
  shown: (account: AccountDetails) => string;
}

/** One value of the profile, saved on its own (the spec's calls take one each). */
function ProfileCard({ id, title, description, field, saveLabel, savedMessage, save, shown }: CardProps) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem(field.name) as HTMLInputElement;
    setStatus({ kind: 'busy' });
    const result = await save(input.value);
    if (result.ok) {
      input.value = shown(result.data.account);
      setStatus({ kind: 'done', message: savedMessage });
    } else {
      setStatus({ kind: 'error', message: t(`errors.${result.code}`) });
      input.focus();
    }
  }

  return (
    <SettingsSection id={id} title={title} description={description} landmark={false}>
      <form onSubmit={submit}>
        <Field label={title} hideLabel error={status.kind === 'error' ? status.message : null} {...field} />
        <div className="settings-card-foot">
          <SaveStatus status={status} />
          <button type="submit" className="button secondary" disabled={status.kind === 'busy'}>
            {saveLabel}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}

/** Settings › Profile: the display name and the personal phone, a card each. */
export default function ProfileForm({ account }: { account: AccountDetails }) {
  return (
    <>
      <ProfileCard
        id="name"
        title={t('settings.displayName')}
        description={t('settings.displayNameAbout')}
        field={{ name: 'name', type: 'text', autoComplete: 'name', maxLength: 80, required: true, defaultValue: account.displayName ?? '' }}
        saveLabel={t('settings.saveName')}
        savedMessage={t('settings.nameSaved')}
        save={updateDisplayName}
        shown={(saved) => saved.displayName ?? ''}
      />
      <ProfileCard
        id="phone"
        title={t('settings.personalPhone')}
        description={t('settings.personalPhoneAbout')}
        field={{
          name: 'phone',
          type: 'tel',
          autoComplete: 'tel',
          maxLength: 32,
          hint: t('settings.personalPhoneHint'),
          defaultValue: account.personalPhoneDisplay ?? '',
        }}
        saveLabel={t('settings.savePhone')}
        savedMessage={t('settings.phoneSaved')}
        save={updatePersonalPhone}
        shown={(saved) => saved.personalPhoneDisplay ?? ''}
      />
    </>
  );
}
