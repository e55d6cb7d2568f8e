import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $account } from '../../stores/account';
import { $term } from '../../stores/plans';
import { $subscription, watchSubscription } from '../../stores/subscription';
import Plans from './Plans';

// The /upgrade page (spec §2) for a signed-in person: the plans, with their own plan named and its
// card marked. A visitor gets ./UpgradePlans.tsx.

export default function MemberPlans() {
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
