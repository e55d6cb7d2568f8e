import { useEffect } from 'react';
import { isPaying, type SubscriptionType, type SubscriptionView } from '../../common/billing';
import type { OptionsView, PlanTerm } from '../../common/plans';
import { t } from '../../i18n/t';
import { $plansState, $term, chooseTerm, renderedPlans, startPlans } from '../../stores/plans';
import { $subscription, followSubscription, seedSubscription } from '../../stores/subscription';
import { useSeededStore } from '../page-data/use-seeded-store';
import PlanCard from './PlanCard';
import TermSwitch from './TermSwitch';
import YourPlan from './YourPlan';

interface Props {
  /** The plans the page was rendered with (null: the island reads them). */
  options: OptionsView | null;
  /** null for a visitor; else the plan type and, as the page was rendered, the plan itself. */
  signedIn: { subscriptionType: SubscriptionType | null; subscription: SubscriptionView | null } | null;
}

/** The /upgrade page (spec §2): three plans at a monthly or yearly term, open to visitors. */
export default function UpgradePlans({ options, signedIn }: Props) {
  // Only a signed-in user has a plan to follow; a visitor never calls for one.
  return signedIn ? <SignedInPlans options={options} {...signedIn} /> : <Plans options={options} subscription={null} status={null} />;
}

function SignedInPlans({
  options,
  subscriptionType,
  subscription: rendered,
}: {
  options: OptionsView | null;
  subscriptionType: SubscriptionType | null;
  subscription: SubscriptionView | null;
}) {
  // Which plan and term a paying user is on, to name it and mark its card.
  const status = useSeededStore($subscription, rendered, () => seedSubscription(rendered));
  useEffect(() => followSubscription({ withHistory: false }), []);
  // The plan's own status wins: it is what the checkout and the renewals just wrote.
  return <Plans options={options} subscription={status ? status.type : (subscriptionType ?? 'FREE')} status={status} />;
}

function Plans({
  options,
  subscription,
  status,
}: {
  options: OptionsView | null;
  subscription: SubscriptionType | null;
  status: SubscriptionView | null;
}) {
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
      {yourPlan && <YourPlan type={yourPlan} subscription={status} />}
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
