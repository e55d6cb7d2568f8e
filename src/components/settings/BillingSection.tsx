import billingMessages from 'virtual:messages/billing';
import settingsMessages from 'virtual:messages/settings';
import { useEffect } from 'react';
import type { BillingHistory, SubscriptionView } from '../../common/billing';
import { translator } from '../../i18n/translator';
import { $billingHistory, $subscription, followSubscription, seedSubscription } from '../../stores/subscription';
import { useSeededStore } from '../page-data/use-seeded-store';
import PaymentHistory from './PaymentHistory';
import PlanStatus from './PlanStatus';
import SettingsSection from './SettingsSection';
import './billing.css';

const t = translator({ billing: billingMessages, settings: settingsMessages });

/**
 * Settings › Plan and billing: the plan and its status, cancel (asked first) and resume, payments
 * and invoices; rendered with the page and followed live after.
 */
export default function BillingSection({
  subscription: rendered,
  history: renderedHistory,
}: {
  subscription: SubscriptionView;
  history: BillingHistory;
}) {
  const subscription = useSeededStore($subscription, rendered, () => seedSubscription(rendered, renderedHistory));
  const history = useSeededStore($billingHistory, renderedHistory, () => undefined);
  useEffect(() => followSubscription({ withHistory: true }), []);
  return (
    <SettingsSection id="billing" title={t('billing.heading')}>
      {subscription ? <PlanStatus subscription={subscription} /> : <p className="muted">{t('settings.loading')}</p>}
      {history && <PaymentHistory history={history} />}
    </SettingsSection>
  );
}
