import type { SubscriptionView } from '../../common/billing';
import billingMessages from 'virtual:messages/billing';
import { LOCALE, translator } from '../../i18n/translator';

const t = translator({ billing: billingMessages });

const day = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });

/** A renewal that failed, said where the user looks at their plan: when, and when the plan stops. */
export default function PaymentProblem({ subscription }: { subscription: SubscriptionView }) {
  if (!subscription.renewalFailedAt || !subscription.graceEndsAt) return null;
  return (
    <p className="form-error payment-problem" role="alert">
      {t('billing.paymentFailed', { date: day.format(subscription.renewalFailedAt), graceEnd: day.format(subscription.graceEndsAt) })}
    </p>
  );
}
