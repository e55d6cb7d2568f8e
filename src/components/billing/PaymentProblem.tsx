import paymentFailed from 'virtual:message/billing.paymentFailed';
import type { SubscriptionView } from '../../common/billing';
import { formatBillingDay } from '../../i18n/dates';
import { translator } from '../../i18n/translator';

// One message, not the billing namespace: the dashboard shows this and nothing else of billing.
const t = translator({ billing: { paymentFailed } });

/** A renewal that failed, said where the user looks at their plan: when, and when the plan stops. */
export default function PaymentProblem({ subscription }: { subscription: SubscriptionView }) {
  if (!subscription.renewalFailedAt || !subscription.graceEndsAt) return null;
  return (
    <p className="form-error payment-problem" role="alert">
      {t('billing.paymentFailed', {
        date: formatBillingDay(subscription.renewalFailedAt),
        graceEnd: formatBillingDay(subscription.graceEndsAt),
      })}
    </p>
  );
}
