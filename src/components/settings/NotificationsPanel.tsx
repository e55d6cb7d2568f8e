import type { AccountDetails } from '../../common/account-view';
import { $account, seedAccount } from '../../stores/account';
import { useSeededStore } from '../page-data/use-seeded-store';
import NotificationsForm from './NotificationsForm';
import SettingsPanel from './SettingsPanel';

/** Settings › Notifications, from the account the page was rendered with, kept current after. */
export default function NotificationsPanel({ account: rendered }: { account: AccountDetails }) {
  const account = useSeededStore($account, rendered, () => seedAccount(rendered)) ?? rendered;
  return (
    <SettingsPanel>
      <NotificationsForm account={account} />
    </SettingsPanel>
  );
}
