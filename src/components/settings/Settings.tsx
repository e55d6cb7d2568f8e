import { useState } from 'react';
import deletionMessages from 'virtual:messages/deletion';
import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import type { AccountDetails } from '../../common/account-view';
import type { PageData } from '../../common/page-data';
import DeleteAccountButton from '../account/DeleteAccountButton';
import { $account, seedAccount } from '../../stores/account';
import { useSeededStore } from '../page-data/use-seeded-store';
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

interface Props {
  confirmEmailToken: string | null;
  /** The account and every section's data as the page was rendered (worker/pages/settings.ts). */
  account: AccountDetails;
  data: Extract<PageData, { page: 'settings' }>;
}

/** /settings: every section rendered with the page, whole, and kept current after (decision 033). */
function Settings({ confirmEmailToken, account: renderedAccount, data }: Props) {
  const account = useSeededStore($account, renderedAccount, () => seedAccount(renderedAccount)) ?? renderedAccount;
  const [leaving, setLeaving] = useState(false);
  const hasPassword = account.signInMethods.includes('password');
  return (
    <div className="settings">
      <h1>{t('settings.title')}</h1>
      {confirmEmailToken && <ConfirmEmailChange token={confirmEmailToken} />}
      <ProfileForm account={account} />
      <EmailForm email={account.email} hasPassword={hasPassword} />
      <PasswordForm hasPassword={hasPassword} />
      <BillingSection subscription={data.subscription} history={data.billingHistory} />
      <NotificationsForm account={account} />
      <FaxMailSection rendered={data.faxMail} />
      <LoginHistory rendered={data.loginHistory} />
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
