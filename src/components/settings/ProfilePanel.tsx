import type { AccountDetails } from '../../common/account-view';
import { $account, seedAccount } from '../../stores/account';
import { useSeededStore } from '../page-data/use-seeded-store';
import ProfileForm from './ProfileForm';
import SettingsPanel from './SettingsPanel';

/** Settings › Profile, from the account the page was rendered with, kept current after. */
export default function ProfilePanel({ account: rendered }: { account: AccountDetails }) {
  const account = useSeededStore($account, rendered, () => seedAccount(rendered)) ?? rendered;
  return (
    <SettingsPanel>
      <ProfileForm account={account} />
    </SettingsPanel>
  );
}
