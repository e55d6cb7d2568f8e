import { atom } from 'nanostores';
import type { BillingHistory, CardInput, SubscriptionView } from '../common/billing';
import { formatOwnNumber } from '../common/phone-text';
import { type ApiData, type ApiResult, api, call } from '../lib/api';
import { followLive } from './live';
import { onTeardown } from './teardown';

// The user's plan and own fax number (dashboard, settings, upgrade) and the billing history
// (settings). Every page arrives with them rendered (page context and page data), so nothing is
// read at load: they are read again on every subscription.updated push (number.updated carries the
// number) and when the page may have missed one (./live-resync).

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

/** The plan stops renewing and runs to the end of the paid period (the page asks first: CancelPlanDialog). */
export async function cancelSubscription(): Promise<ApiResult<ApiData<typeof api.cancelSubscription.$get>>> {
  const result = await call(api.cancelSubscription.$get());
  if (result.ok) $subscription.set(result.data.subscription);
  return result;
}

/** A cancelled plan renews again, before its end; nothing is charged now. */
export async function resumeSubscription(subscriptionId: string): Promise<ApiResult<ApiData<typeof api.resumeSubscription.$post>>> {
  const result = await call(api.resumeSubscription.$post({ json: { subscriptionId } }));
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

/** The plan (and with settings the billing history) the page was rendered with; never overwrites newer ones. */
export function seedSubscription(subscription: SubscriptionView | null, history: BillingHistory | null = null): void {
  if (subscription && !$subscription.get()) $subscription.set(subscription);
  if (history && !$billingHistory.get()) $billingHistory.set(history);
}

/**
 * Keeps $subscription (and the number, and `withHistory` the billing history) current while a
 * component shows it: read again on every push about the plan and when the page may have missed one.
 */
export function followSubscription(options: { withHistory: boolean }): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const reload = (): void => {
    void loadSubscription();
    if (options.withHistory) void loadBillingHistory();
  };
  return followLive(reload, (event) => {
    if (event.type === 'number.updated') $ownNumber.set(event.number);
    if (event.type === 'subscription.updated') reload();
  });
}
