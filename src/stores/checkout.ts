import { atom } from 'nanostores';
import type { CardInput, CheckoutView, SubscriptionView } from '../common/billing';
import type { PlanLevel, PlanTerm } from '../common/plans';
import { isErrorCode } from '../common/errors';
import { apiCall, type ApiFailureCode, type ApiResult } from '../lib/api';

// The payment on /transaction: one checkout at a time, which either succeeds at once, asks the card
// holder to pass the bank's challenge first, or fails with a code the page explains. A failure
// never touches the held number: the server keeps the hold until it runs out.

interface CheckoutAnswer {
  checkout: CheckoutView;
  subscription: SubscriptionView;
}

export type CheckoutStatus =
  | { kind: 'idle' }
  | { kind: 'paying' }
  | { kind: 'challenge'; checkout: CheckoutView; answering: boolean }
  | { kind: 'succeeded'; checkout: CheckoutView }
  | { kind: 'failed'; code: ApiFailureCode };

export const $checkoutStatus = atom<CheckoutStatus>({ kind: 'idle' });

function settle(result: ApiResult<CheckoutAnswer>): CheckoutStatus {
  if (!result.ok) return { kind: 'failed', code: result.code };
  const { checkout } = result.data;
  if (checkout.state === 'succeeded') return { kind: 'succeeded', checkout };
  if (checkout.state === 'requires_action') return { kind: 'challenge', checkout, answering: false };
  const code = checkout.failureCode;
  return { kind: 'failed', code: code && isErrorCode(code) ? code : 'PAYMENT_DECLINED' };
}

/** Starts the checkout of a plan with the card as typed. */
export async function pay(plan: PlanLevel, term: PlanTerm, card: CardInput): Promise<CheckoutStatus> {
  $checkoutStatus.set({ kind: 'paying' });
  const result = await apiCall<CheckoutAnswer>('/checkout', { method: 'POST', body: { plan, term, card } });
  const status = settle(result);
  $checkoutStatus.set(status);
  return status;
}

/** The card holder's answer to the bank's challenge: approve or cancel the payment. */
export async function answerChallenge(approve: boolean): Promise<CheckoutStatus> {
  const current = $checkoutStatus.get();
  if (current.kind !== 'challenge' || current.answering) return current;
  $checkoutStatus.set({ ...current, answering: true });
  const path = `/checkout/${encodeURIComponent(current.checkout.id)}/confirm`;
  const status = settle(await apiCall<CheckoutAnswer>(path, { method: 'POST', body: { approve } }));
  $checkoutStatus.set(status);
  return status;
}

export function resetCheckout(): void {
  $checkoutStatus.set({ kind: 'idle' });
}
