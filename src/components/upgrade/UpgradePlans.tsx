import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AccountDetails } from '../../lib/api-types';
import type { SubscriptionView } from '../../common/billing';
import { isPaying } from '../../common/billing-rules';
import { t } from '../../i18n/t';
import { $account } from '../../stores/account';
import { $plansState, $term, $termPlans } from '../../stores/plans';
import { $subscription, watchSubscription } from '../../stores/subscription';
import PlanCard from './PlanCard';
import TermSwitch from './TermSwitch';
import YourPlan from './YourPlan';

/** undefined while a signed-in user's account is still loading. */
type SubscriptionType = AccountDetails['subscriptionType'] | undefined;

/** The /upgrade page (spec §2): three plans at a monthly or yearly term, open to visitors. */
export default function UpgradePlans({ signedIn }: { signedIn: boolean }) {
  // Only a signed-in user has an account to load; a visitor never calls /api/account.
  return signedIn ? <SignedInPlans /> : <Plans subscription={null} />;
}

function SignedInPlans() {
  const account = useStore($account);
  const status = useStore($subscription);
  // Which plan and term a paying user is on, to name it and mark its card.
  useEffect(() => watchSubscription({ atLoad: true, onConnect: false, withHistory: false }), []);
  // Open at the term the user pays by, so their plan's card is in view.
  const paidTerm = status && status.type !== 'FREE' ? status.planTerm : null;
  useEffect(() => {
    if (paidTerm) $term.set(paidTerm);
  }, [paidTerm]);
  // The plan's own status wins once read: it is what the checkout and the renewals just wrote.
  return <Plans subscription={status ? status.type : account ? account.subscriptionType : undefined} status={status} />;
}

function Plans({ subscription, status = null }: { subscription: SubscriptionType; status?: SubscriptionView | null }) {
  // The stores may fill while the island hydrates; until it has, render what the server rendered
  // (the loading line) so hydration always matches.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const storedPlans = useStore($plansState);
  const termPlans = useStore($termPlans);
  const plansState = hydrated ? storedPlans : { state: 'loading' as const };
  const plans = hydrated ? termPlans : null;
  const yourPlan = hydrated && isPaying(subscription) ? subscription : null;
  const bestSaving = plansState.state === 'ready' ? Math.max(0, ...plansState.options.plans.map((p) => p.savingPercent)) : 0;

  return (
    <div className="upgrade">
      <h1>{t('upgrade.title')}</h1>
      <p className="muted">{t('upgrade.intro')}</p>
      {yourPlan && <YourPlan type={yourPlan} subscription={status} />}
      {plansState.state === 'failed' && (
        <p className="form-error" role="alert">
          {t('upgrade.loadError')}
        </p>
      )}
      {plansState.state === 'loading' && <p className="muted">{t('upgrade.loading')}</p>}
      {plans && (
        <>
          <TermSwitch savingPercent={bestSaving} />
          <ul className="plan-list" aria-label={t('upgrade.listLabel')}>
            {plans.map((plan) => (
              <PlanCard
                key={plan.level}
                plan={plan}
                choosable={yourPlan === null && subscription !== undefined}
                current={yourPlan !== null && status?.planLevel === plan.level && status.planTerm === plan.term}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
