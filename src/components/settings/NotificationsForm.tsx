import errorsMessages from 'virtual:messages/errors';
import settingsMessages from 'virtual:messages/settings';
import { useState } from 'react';
import type { AccountDetails } from '../../common/account-view';
import { translator } from '../../i18n/translator';
import { updateFaxMail } from '../../stores/account';
import FormStatus, { type Status } from './FormStatus';
import SaveStatus from './SaveStatus';
import SettingsSection from './SettingsSection';

const t = translator({ errors: errorsMessages, settings: settingsMessages });

/** Which mails the user gets: today, the one that says a fax has arrived. Saved as it is ticked. */
export default function NotificationsForm({ account }: { account: AccountDetails }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function save(on: boolean): Promise<void> {
    setStatus({ kind: 'busy' });
    const result = await updateFaxMail(on);
    setStatus(
      result.ok
        ? { kind: 'done', message: t(on ? 'settings.faxMailOn' : 'settings.faxMailOff') }
        : { kind: 'error', message: t(`errors.${result.code}`) },
    );
  }

  return (
    <SettingsSection id="notifications" title={t('settings.notificationsHeading')} description={t('settings.notificationsAbout')}>
      <div className="field checkbox">
        <input
          id="fax-mail"
          type="checkbox"
          checked={account.mailOnFaxReceived}
          disabled={status.kind === 'busy'}
          onChange={(event) => void save(event.currentTarget.checked)}
        />
        <label htmlFor="fax-mail">{t('settings.faxMailLabel', { email: account.email })}</label>
      </div>
      <SaveStatus status={status} />
      {status.kind === 'error' && <FormStatus status={status} />}
    </SettingsSection>
  );
}
