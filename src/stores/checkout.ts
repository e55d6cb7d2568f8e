import { atom } from 'nanostores';
import type { CheckoutPayment, CheckoutView } from '../common/billing';
import { isErrorCode } from '../common/errors';
import type { PlanLevel, PlanTerm } from '../common/plans';
import { type ApiData, type ApiFailureCode, type ApiResult, api, call } from '../lib/api';

// The payment on /transaction: one checkout at a time, which either succeeds at once, asks the card
// holder to pass the bank's challenge first, or fails with a code the page explains. A failure
// never touches the held number: the server keeps the hold until it runs out. With Stripe the
// card comes as Stripe Elements' payment method, and the challenge runs in Stripe's own window.

/** The checkout and the plan; with Stripe also the `clientSecret` its challenge runs with. */
type CheckoutAnswer = ApiData<typeof api.checkout.$post>;

/** Runs the bank's challenge outside the page (Stripe.js); answers whether it was passed. */
export type RunChallenge = (clientSecret: string) => Promise<boolean>;

export type CheckoutStatus =
  | { kind: 'idle' }
  | { kind: 'paying' }
  /** `external`: the challenge runs in the processor's window, not in our panel. */
  | { kind: 'challenge'; checkout: CheckoutView; answering: boolean; external: boolean }
  | { kind: 'succeeded'; checkout: CheckoutView }
  | { kind: 'failed'; code: ApiFailureCode };

export const $checkoutStatus = atom<CheckoutStatus>({ kind: 'idle' });

function settle(result: ApiResult<CheckoutAnswer>): CheckoutStatus {
  if (!result.ok) return { kind: 'failed', code: result.code };
  const { checkout } = result.data;
  if (checkout.state === 'succeeded') return { kind: 'succeeded', checkout };
  if (checkout.state === 'requires_action') return { kind: 'challenge', checkout, answering: false, external: false };
  const code = checkout.failureCode;
  return { kind: 'failed', code: code && isErrorCode(code) ? code : 'PAYMENT_DECLINED' };
}

/**
 * Starts the checkout of a plan with the card as typed (local) or Stripe's payment method. A
 * challenge Stripe must run goes to `runChallenge`, and its outcome straight to the server.
 */
export async function pay(plan: PlanLevel, term: PlanTerm, payment: CheckoutPayment, runChallenge?: RunChallenge): Promise<CheckoutStatus> {
  $checkoutStatus.set({ kind: 'paying' });
  const result = await call(api.checkout.$post({ json: { plan, term, ...payment } }));
  const status = settle(result);
  const clientSecret = result.ok ? result.data.clientSecret : undefined;
  if (status.kind !== 'challenge' || !clientSecret || !runChallenge) {
    $checkoutStatus.set(status);
    return status;
  }
  $checkoutStatus.set({ ...status, answering: true, external: true });
  const passed = await runChallenge(clientSecret).catch(() => false);
  return confirm(status.checkout, passed);
}

async function confirm(checkout: CheckoutView, approve: boolean): Promise<CheckoutStatus> {
  const status = settle(
    await call(api.checkout[':checkoutId'].confirm.$post({ param: { checkoutId: encodeURIComponent(checkout.id) }, json: { approve } })),
  );
  $checkoutStatus.set(status);
  return status;
}

/** The card holder's answer to the bank's challenge: approve or cancel the payment. */
export async function answerChallenge(approve: boolean): Promise<CheckoutStatus> {
  const current = $checkoutStatus.get();
  if (current.kind !== 'challenge' || current.answering) return current;
  $checkoutStatus.set({ ...current, answering: true });
  return confirm(current.checkout, approve);
}
