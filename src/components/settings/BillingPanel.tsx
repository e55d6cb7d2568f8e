import type { BillingHistory, SubscriptionView } from '../../common/billing';
import BillingSection from './BillingSection';
import SettingsPanel from './SettingsPanel';

/** Settings › Plan and billing: the billing section as it is (decision 040 says its words). */
export default function BillingPanel({ subscription, history }: { subscription: SubscriptionView; history: BillingHistory }) {
  return (
    <SettingsPanel>
      <BillingSection subscription={subscription} history={history} />
    </SettingsPanel>
  );
}
