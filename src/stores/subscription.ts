import { atom } from 'nanostores';
import type { BillingHistory, CardInput, SubscriptionView } from '../common/billing';
import { formatOwnNumber } from '../common/phone-text';
import { api, call, type ApiData, type ApiResult } from '../lib/api';
import { $liveStatus, onLiveEvent } from './live';
import { onTeardown } from './teardown';

// The user's plan and own fax number (dashboard, settings) and the billing history (settings).
// The dashboard arrives with the number rendered (page context), so nothing is read at load there:
// the plan is read once the live connection is up (a read racing a sign-out would only fail), and
// again on every subscription.updated / number.updated push and after a reconnect.

export interface OwnNumber {
  number: string;
  display: string;
}

export const $subscription = atom<SubscriptionView | null>(null);
/**
 * The user's own fax number as last pushed or read; undefined until then, when the page's rendered
 * number stands. Only ever set in the browser (islands also render on the server, for everyone).
 */
export const $ownNumber = atom<OwnNumber | null | undefined>(undefined);
export const $billingHistory = atom<BillingHistory | null>(null);

onTeardown(() => {
  $subscription.set(null);
  $ownNumber.set(undefined);
  $billingHistory.set(null);
});

/** The number to show: the latest known one, else the one the page was rendered with (E.164). */
export function ownNumberOr(stored: OwnNumber | null | undefined, rendered: string | null): OwnNumber | null {
  if (stored !== undefined) return stored;
  return rendered ? { number: rendered, display: formatOwnNumber(rendered) } : null;
}

async function loadSubscription(): Promise<void> {
  const result = await call(api.checkSubscriptionStatus.$get());
  if (!result.ok) return;
  $subscription.set(result.data.subscription);
  $ownNumber.set(result.data.subscription.faxNumber);
}

async function loadBillingHistory(): Promise<void> {
  const result = await call(api.billingHistory.$get());
  if (result.ok) $billingHistory.set(result.data);
}

/** One click, no confirm step (spec): the plan runs to the end of the paid period. */
export async function cancelSubscription(): Promise<ApiResult<ApiData<typeof api.cancelSubscription.$get>>> {
  const result = await call(api.cancelSubscription.$get());
  if (result.ok) $subscription.set(result.data.subscription);
  return result;
}

/** A new card for the plan; a failed renewal is charged to it at once (`retried`). */
export async function changeCard(card: CardInput): Promise<ApiResult<ApiData<typeof api.changeCard.$post>>> {
  const result = await call(api.changeCard.$post({ json: { card } }));
  if (result.ok) {
    $subscription.set(result.data.subscription);
    void loadBillingHistory();
  }
  return result;
}

/**
 * Keeps $subscription (and the number) current while a component shows it. `atLoad`: read now
 * (settings reads its data at load anyway); `onConnect`: read when the live connection first comes
 * up (the dashboard, and only when it has a plan to show). Either way: again after a reconnect and
 * on every push about the plan.
 */
export function watchSubscription(options: { atLoad: boolean; onConnect: boolean; withHistory: boolean }): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const reload = (): void => {
    void loadSubscription();
    if (options.withHistory) void loadBillingHistory();
  };
  if (options.atLoad) reload();
  let connections = 0;
  let wasConnected = false;
  const stopStatus = $liveStatus.subscribe((status) => {
    const connectedNow = status === 'connected' && !wasConnected;
    wasConnected = status === 'connected';
    if (!connectedNow) return;
    connections += 1;
    if (connections > 1 || (options.onConnect && !options.atLoad)) reload();
  });
  const stopEvents = onLiveEvent((event) => {
    if (event.type === 'number.updated') $ownNumber.set(event.number);
    if (event.type === 'subscription.updated') reload();
  });
  return () => {
    stopStatus();
    stopEvents();
  };
}
