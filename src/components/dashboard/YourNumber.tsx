import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { SubscriptionView } from '../../common/billing';
import { formatBillingDay } from '../../i18n/dates';
import dashboardMessages from 'virtual:messages/dashboard';
import { translator } from '../../i18n/translator';
import PaymentProblem from '../billing/PaymentProblem';
import { planName } from '../billing/plan-names';
import { $ownNumber, $subscription, followSubscription, ownNumberOr, seedSubscription } from '../../stores/subscription';
import { useSeededStore } from '../page-data/use-seeded-store';

const t = translator({ dashboard: dashboardMessages });

function planLine(subscription: SubscriptionView): string | null {
  if (subscription.type === 'FREE' || !subscription.planLevel) return null;
  const level = planName(subscription.planLevel);
  const end = subscription.currentPeriodEnd;
  // A cancelled plan says so first, trial or not: it is what changes what happens on that day.
  const status =
    end && subscription.cancelAtPeriodEnd
      ? t('dashboard.yourNumberEnds', { date: formatBillingDay(end) })
      : subscription.type === 'TRIAL' && subscription.trialEndsAt
        ? t('dashboard.yourNumberTrialUntil', { date: formatBillingDay(subscription.trialEndsAt) })
        : end
          ? t('dashboard.yourNumberRenews', { date: formatBillingDay(end) })
          : null;
  return status ? t('dashboard.yourNumberPlan', { level, status }) : level;
}

interface Props {
  /** The number (E.164) the page was rendered with, or null. */
  initial: string | null;
  paying: boolean;
  /** The plan the page was rendered with (null for FREE); it is followed live after. */
  subscription: SubscriptionView | null;
}

/** "Your fax number" on the dashboard, with its plan line: both come rendered with the page (no fetch at load). */
export default function YourNumber({ initial, paying, subscription: rendered }: Props) {
  const number = ownNumberOr(useStore($ownNumber), initial);
  const subscription = useSeededStore($subscription, rendered, () => seedSubscription(rendered));
  useEffect(() => followSubscription({ withHistory: false }), []);
  const plan = subscription ? planLine(subscription) : null;
  return (
    <section className="card your-number" aria-labelledby="your-number-heading" aria-live="polite">
      <h2 id="your-number-heading">{t('dashboard.yourNumberHeading')}</h2>
      {number ? (
        <>
          <p className="own-number">{number.display}</p>
          {plan && <p className="muted">{plan}</p>}
          {subscription && <PaymentProblem subscription={subscription} />}
          <p>
            <a href="/settings#billing">{t('dashboard.yourNumberManage')}</a>
          </p>
        </>
      ) : (
        <>
          {plan && <p className="muted">{plan}</p>}
          <p className="muted">{t(paying ? 'dashboard.yourNumberIncluded' : 'dashboard.yourNumberNone')}</p>
          {subscription && <PaymentProblem subscription={subscription} />}
          <a className="button primary" href="/reserveNumber">
            {t('dashboard.yourNumberGet')}
          </a>
        </>
      )}
    </section>
  );
}
