import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { SubscriptionView } from '../../common/billing';
import { formatBillingDay } from '../../i18n/dates';
import dashboardMessages from 'virtual:messages/dashboard';
import upgradeMessages from 'virtual:messages/upgrade';
import { translator } from '../../i18n/translator';
import PaymentProblem from '../billing/PaymentProblem';
import { $ownNumber, $subscription, ownNumberOr, watchSubscription } from '../../stores/subscription';

const t = translator({ dashboard: dashboardMessages, upgrade: upgradeMessages });

function planLine(subscription: SubscriptionView): string | null {
  if (subscription.type === 'FREE' || !subscription.planLevel) return null;
  const level = t(`upgrade.level${subscription.planLevel}`);
  const end = subscription.currentPeriodEnd;
  const status =
    subscription.type === 'TRIAL' && subscription.trialEndsAt
      ? t('dashboard.yourNumberTrialUntil', { date: formatBillingDay(subscription.trialEndsAt) })
      : end && subscription.cancelAtPeriodEnd
        ? t('dashboard.yourNumberEnds', { date: formatBillingDay(end) })
        : end
          ? t('dashboard.yourNumberRenews', { date: formatBillingDay(end) })
          : null;
  return status ? t('dashboard.yourNumberPlan', { level, status }) : level;
}

/**
 * "Your fax number" on the dashboard. The number comes rendered with the page (no fetch at load);
 * the plan line is read once the live connection is up, and only for a user who has a number or
 * a plan.
 */
export default function YourNumber({ initial, paying }: { initial: string | null; paying: boolean }) {
  const number = ownNumberOr(useStore($ownNumber), initial);
  const subscription = useStore($subscription);
  useEffect(() => watchSubscription({ atLoad: false, onConnect: initial !== null || paying, withHistory: false }), [initial, paying]);
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
          <p className="muted">{t(paying ? 'dashboard.yourNumberIncluded' : 'dashboard.yourNumberNone')}</p>
          {subscription && <PaymentProblem subscription={subscription} />}
          <a className="button primary inline" href="/reserveNumber">
            {t('dashboard.yourNumberGet')}
          </a>
        </>
      )}
    </section>
  );
}
