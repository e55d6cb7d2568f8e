import { atom, onMount } from 'nanostores';
import { changesAccount } from '../common/live-messages';
import { type PlanSummary, toPlanSummary } from '../common/plan-summary';
import { api, call } from '../lib/api';
import { followLive } from './live';
import { $setUpAccount } from './session';
import { onTeardown } from './teardown';

// The plan and the pages left to send and receive, as the dashboard shows them. The
// page arrives with them rendered (page context `plan`), so nothing is read at load; they are read
// again whenever the server says the account changed (a fax charged or refunded credits: its
// fax.updated says so; a plan started, renewed or ended: account.updated), when the page may have missed that (./live-resync),
// and taken from new-user setup's answer (the free credits arrive with it, usually after the page
// was rendered).

/** The latest known summary; null until something newer than the rendered page is known. */
export const $planSummary = atom<PlanSummary | null>(null);

export async function loadPlanSummary(): Promise<void> {
  const result = await call(api.account.$get());
  if (result.ok) $planSummary.set(toPlanSummary(result.data.account));
}

onTeardown(() => $planSummary.set(null));

onMount($planSummary, () => {
  if (typeof window === 'undefined') return;
  const stopFollowing = followLive(loadPlanSummary, (event) => {
    if (changesAccount(event) || event.type === 'subscription.updated') void loadPlanSummary();
  });
  const stopSetup = $setUpAccount.listen((account) => {
    if (account) $planSummary.set(toPlanSummary(account));
  });
  const setUp = $setUpAccount.get();
  if (setUp) $planSummary.set(toPlanSummary(setUp));
  return () => {
    stopFollowing();
    stopSetup();
  };
});
