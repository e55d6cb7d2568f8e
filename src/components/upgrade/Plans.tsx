import upgradeMessages from 'virtual:messages/upgrade';
import type { ReactNode } from 'react';
import type { SubscriptionView } from '../../common/billing';
import { isPaying, type SubscriptionType } from '../../common/billing-rules';
import type { NumberHoldView } from '../../common/number-rules';
import type { PlanTerm } from '../../common/plan-rules';
import type { OptionsView } from '../../common/plans';
import { translator } from '../../i18n/translator';
import { $plansState, $term, chooseTerm, renderedPlans, startPlans } from '../../stores/plans';
import HeldNumberNote from '../numbers/HeldNumberNote';
import { useSeededStore } from '../page-data/use-seeded-store';
import PlanCard from './PlanCard';
import TermSwitch from './TermSwitch';

const t = translator({ upgrade: upgradeMessages });

/** The number the person holds as the page was rendered, and the seconds it had left then. */
export interface Held {
  hold: NumberHoldView | null;
  secondsLeft: number;
}

interface Props {
  /** The plans the page was rendered with (null: the island reads them). */
  options: OptionsView | null;
  /** The person's plan type; null for a visitor. */
  subscription: SubscriptionType | null;
  /** A signed-in person's plan as the page was rendered, then as pushed; null for a visitor. */
  status: SubscriptionView | null;
  held: Held;
  /** What stands above the plans: a member's own plan (./YourPlan.tsx, which a visitor's page does not load). */
  yourPlan?: ReactNode;
}

/** The plans at the chosen term, and a paying user's own plan above them (the /upgrade islands). */
export default function Plans({ options, subscription, status, held, yourPlan: yourPlanCard }: Props) {
  const plansState = useSeededStore($plansState, renderedPlans(options), () => startPlans(options));
  // Open at the term the user pays by, so their plan's card is in view.
  const paidTerm: PlanTerm = status && status.type !== 'FREE' && status.planTerm ? status.planTerm : 'MONTH';
  const term = useSeededStore($term, paidTerm, () => chooseTerm(paidTerm));
  const plans = plansState.state === 'ready' ? plansState.options.plans.filter((plan) => plan.term === term) : null;
  const yourPlan = isPaying(subscription) ? subscription : null;
  const bestSaving = plansState.state === 'ready' ? Math.max(0, ...plansState.options.plans.map((p) => p.savingPercent)) : 0;

  return (
    <div className="upgrade">
      <h1>{t('upgrade.title')}</h1>
      <p className="muted">{t('upgrade.intro')}</p>
      <HeldNumberNote hold={held.hold} secondsLeft={held.secondsLeft} change />
      {yourPlan && yourPlanCard}
      {plansState.state === 'failed' && (
        <p className="form-error" role="alert">
          {t('upgrade.loadError')}
        </p>
      )}
      {plansState.state === 'loading' && <p className="muted">{t('upgrade.loading')}</p>}
      {plans && (
        <>
          <TermSwitch term={term} savingPercent={bestSaving} />
          <ul className="plan-list" aria-label={t('upgrade.listLabel')}>
            {plans.map((plan) => (
              <PlanCard
                key={plan.level}
                plan={plan}
                choosable={yourPlan === null}
                current={yourPlan !== null && status?.planLevel === plan.level && status.planTerm === plan.term}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
