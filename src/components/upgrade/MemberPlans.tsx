import { useEffect } from 'react';
import type { SubscriptionView } from '../../common/billing';
import { isPaying, type SubscriptionType } from '../../common/billing-rules';
import type { OptionsView } from '../../common/plans';
import { $subscription, followSubscription, seedSubscription } from '../../stores/subscription';
import { useSeededStore } from '../page-data/use-seeded-store';
import Plans, { type Held } from './Plans';
import YourPlan from './YourPlan';

// The /upgrade page (spec §2) for a signed-in person: the plans, with their own plan named and its
// card marked, all rendered with the page (worker/pages/plans.ts). A visitor gets ./UpgradePlans.tsx.

interface Props {
  options: OptionsView | null;
  subscriptionType: SubscriptionType | null;
  /** The plan as the page was rendered; followed live after. */
  subscription: SubscriptionView | null;
  held: Held;
}

export default function MemberPlans({ options, subscriptionType, subscription: rendered, held }: Props) {
  // Which plan and term a paying user is on, to name it and mark its card.
  const status = useSeededStore($subscription, rendered, () => seedSubscription(rendered));
  useEffect(() => followSubscription({ withHistory: false }), []);
  // The plan's own status wins: it is what the checkout and the renewals just wrote.
  const type = status ? status.type : (subscriptionType ?? 'FREE');
  return (
    <Plans
      options={options}
      subscription={type}
      status={status}
      held={held}
      yourPlan={isPaying(type) ? <YourPlan type={type} subscription={status} /> : null}
    />
  );
}
