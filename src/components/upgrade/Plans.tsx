import { useStore } from '@nanostores/react';
import upgradeMessages from 'virtual:messages/upgrade';
import { useEffect, useState } from 'react';
import type { SubscriptionView } from '../../common/billing';
import { isPaying } from '../../common/billing-rules';
import { translator } from '../../i18n/translator';
import type { AccountDetails } from '../../lib/api-types';
import { $plansState, $termPlans } from '../../stores/plans';
import PlanCard from './PlanCard';
import TermSwitch from './TermSwitch';
import YourPlan from './YourPlan';

const t = translator({ upgrade: upgradeMessages });

/** undefined while a signed-in user's account is still loading; null for a visitor. */
export type SubscriptionType = AccountDetails['subscriptionType'] | null | undefined;

/** The plans at the chosen term, and a paying user's own plan above them (the /upgrade islands). */
export default function Plans({ subscription, status = null }: { subscription: SubscriptionType; status?: SubscriptionView | null }) {
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
