import deletionMessages from 'virtual:messages/deletion';
import settingsMessages from 'virtual:messages/settings';
import { useState } from 'react';
import type { AccountDetails, LoginHistoryEntry } from '../../common/account-view';
import type { PasskeyView } from '../../common/passkey-rules';
import type { SecondFactorStatus } from '../../common/second-factor-schemas';
import { translator } from '../../i18n/translator';
import { $account, seedAccount } from '../../stores/account';
import { signOut } from '../../stores/session';
import DeleteAccountButton from '../account/DeleteAccountButton';
import { useSeededStore } from '../page-data/use-seeded-store';
import { withTimeZone } from '../time/time-zone';
import ConfirmEmailChange from './ConfirmEmailChange';
import EmailForm from './EmailForm';
import LoginHistory from './LoginHistory';
import PasskeysCard from './PasskeysCard';
import PasswordForm from './PasswordForm';
import SettingsPanel from './SettingsPanel';
import SettingsSection from './SettingsSection';
import TwoStepCard, { StepUpQuestion } from './TwoStepCard';

const t = translator({ deletion: deletionMessages, settings: settingsMessages });

interface Props {
  /** The e-mail change's mailed link (/settings?confirmEmail=…), followed once here. */
  confirmEmailToken: string | null;
  account: AccountDetails;
  loginHistory: LoginHistoryEntry[];
  secondFactor: SecondFactorStatus;
  passkeys: PasskeyView[];
}

/** Settings › Security: how the person signs in, where they did, and the ways out, deletion last. */
function SecurityPanel({ confirmEmailToken, account: rendered, loginHistory, secondFactor, passkeys }: Props) {
  const account = useSeededStore($account, rendered, () => seedAccount(rendered)) ?? rendered;
  const [leaving, setLeaving] = useState(false);
  const hasPassword = account.signInMethods.includes('password');
  return (
    <SettingsPanel>
      {confirmEmailToken && <ConfirmEmailChange token={confirmEmailToken} />}
      <EmailForm email={account.email} hasPassword={hasPassword} />
      <PasswordForm hasPassword={hasPassword} />
      <PasskeysCard rendered={passkeys} />
      <TwoStepCard rendered={secondFactor} />
      <StepUpQuestion />
      <LoginHistory rendered={loginHistory} />
      <SettingsSection id="sessions" title={t('settings.sessionsHeading')} description={t('settings.sessionsText')}>
        <div className="settings-card-foot">
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
        </div>
      </SettingsSection>
      <SettingsSection id="delete-account" tone="danger" title={t('deletion.sectionHeading')} description={t('deletion.sectionText')}>
        <div className="settings-card-foot">
          <DeleteAccountButton />
        </div>
      </SettingsSection>
    </SettingsPanel>
  );
}

export default withTimeZone(SecurityPanel);
