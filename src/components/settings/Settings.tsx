import { useStore } from '@nanostores/react';
import { useState } from 'react';
import deletionMessages from 'virtual:messages/deletion';
import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import DeleteAccountButton from '../account/DeleteAccountButton';
import { $account } from '../../stores/account';
import { signOut } from '../../stores/session';
import BillingSection from './BillingSection';
import ConfirmEmailChange from './ConfirmEmailChange';
import EmailForm from './EmailForm';
import FaxMailSection from './FaxMailSection';
import LoginHistory from './LoginHistory';
import NotificationsForm from './NotificationsForm';
import PasswordForm from './PasswordForm';
import ProfileForm from './ProfileForm';
import SettingsSection from './SettingsSection';
import { withTimeZone } from '../time/time-zone';

const t = translator({ deletion: deletionMessages, settings: settingsMessages });

function Settings({ confirmEmailToken }: { confirmEmailToken: string | null }) {
  const account = useStore($account);
  const [leaving, setLeaving] = useState(false);
  const hasPassword = account?.signInMethods.includes('password') ?? false;
  return (
    <div className="settings">
      <h1>{t('settings.title')}</h1>
      {confirmEmailToken && <ConfirmEmailChange token={confirmEmailToken} />}
      <ProfileForm />
      {account && <EmailForm email={account.email} hasPassword={hasPassword} />}
      {account && <PasswordForm hasPassword={hasPassword} />}
      <BillingSection />
      <NotificationsForm />
      <FaxMailSection />
      <LoginHistory />
      <SettingsSection id="sessions" title={t('settings.sessionsHeading')}>
        <p className="muted">{t('settings.sessionsText')}</p>
        <button
          type="button"
          className="button secondary"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut({ everywhere: true });
          }}
        >
          {t('settings.signOutEverywhere')}
        </button>
      </SettingsSection>
      <SettingsSection id="delete-account" title={t('deletion.sectionHeading')}>
        <p className="muted">{t('deletion.sectionText')}</p>
        <DeleteAccountButton />
      </SettingsSection>
    </div>
  );
}

export default withTimeZone(Settings);
