import type { CheckoutPayment } from '../../src/common/billing';
import type { PlanOptions } from '../../src/common/plans';
import { t } from '../../src/i18n/t';
import type { CheckoutRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { CardSummary, DeclineCode, PaymentOutcome, PaymentProcessor, SubscriptionOutcome } from '../payments/types';
import { planName } from './records';

// The checkout's one call to the processor, the same for both kinds (docs/decisions/017): `local`
// takes the typed card and we run the plan (charge now, or check/hold the card for a trial, and
// renew by cron); `stripe` takes the payment method Stripe Elements made and runs the plan itself
// (startSubscription; renewals arrive by webhook). Both answer one CheckoutOutcome.

export type CheckoutOutcome =
  | {
      status: 'succeeded';
      /** The charge, hold or first invoice at the processor: what our transaction rows point to. */
      ref: string | null;
      /** What the checkout keeps as processor_ref: the saved method (local) or the subscription (Stripe). */
      keep: string;
      card: CardSummary | null;
      /** The processor charges each period itself (no hold to release, no renewal of ours). */
      runsItself: boolean;
      /** When the processor's period (or trial) ends, if it said; else we compute ours. */
      periodEnd: number | null;
    }
  | { status: 'declined'; code: DeclineCode }
  /** `clientSecret`: what Stripe.js confirms the bank's challenge with; null for the local panel. */
  | { status: 'requires_action'; ref: string; clientSecret: string | null };

function fromPayment(outcome: PaymentOutcome): CheckoutOutcome {
  if (outcome.status === 'succeeded')
    return { status: 'succeeded', ref: outcome.ref, keep: outcome.paymentMethod, card: null, runsItself: false, periodEnd: null };
  if (outcome.status === 'requires_action') return { status: 'requires_action', ref: outcome.ref, clientSecret: null };
  return outcome;
}

function fromSubscription(outcome: SubscriptionOutcome): CheckoutOutcome {
  if (outcome.status === 'succeeded') {
    return {
      status: 'succeeded',
      ref: outcome.invoiceRef,
      keep: outcome.ref,
      card: outcome.card,
      runsItself: true,
      periodEnd: outcome.periodEnd,
    };
  }
  return outcome;
}

/**
 * The card summary kept before paying, refusing a payment the processor cannot take: a typed card
 * with Stripe (it never sees one) or a Stripe payment method with the local processor.
 */
export function checkPayment(processor: PaymentProcessor, payment: CheckoutPayment): CardSummary | null {
  if ('paymentMethodId' in payment) {
    if (!processor.startSubscription) throw new ApiError(400, 'INVALID_CARD', t('api.paymentMethodNotAccepted'));
    return null;
  }
  if (processor.startSubscription) throw new ApiError(400, 'INVALID_CARD', t('api.cardNotAccepted'));
  const summary = processor.describeCard(payment.card);
  if (!summary) throw new ApiError(400, 'INVALID_CARD');
  return summary;
}

interface FirstPaymentInput {
  processor: PaymentProcessor;
  payment: CheckoutPayment;
  checkout: CheckoutRow;
  options: PlanOptions;
  price: number;
  user: { id: string; email: string };
  /** When a trial would end, if this checkout starts one. */
  trialEndsAt: number | null;
}

/** The price now, a trial's card check, or (processors that run plans) the whole subscription. */
export async function firstPayment(input: FirstPaymentInput): Promise<CheckoutOutcome> {
  const { processor, payment, checkout, options, price } = input;
  const description = planName(checkout.planLevel, checkout.planTerm);
  if ('paymentMethodId' in payment) {
    return fromSubscription(
      await processor.startSubscription!({
        userId: input.user.id,
        email: input.user.email,
        paymentMethod: payment.paymentMethodId,
        amountCents: price,
        interval: checkout.planTerm === 'MONTH' ? 'month' : 'year',
        description,
        trialEndsAt: checkout.trial ? input.trialEndsAt : null,
        idempotencyKey: checkout.id,
      }),
    );
  }
  const request = { amountCents: checkout.trial ? 0 : price, description, idempotencyKey: checkout.id };
  const source = { card: payment.card };
  if (!checkout.trial) return fromPayment(await processor.charge(source, request));
  // `none` still checks the card (a processor saves a card that way) but records nothing.
  return fromPayment(await processor.authorize(source, options.preAuthType === 'authorize' ? { ...request, amountCents: price } : request));
}

/** How a challenge ended: Stripe's own state of the subscription, or the local panel's answer. */
export async function confirmFirstPayment(processor: PaymentProcessor, ref: string, approve: boolean): Promise<CheckoutOutcome> {
  // With Stripe the browser ran the challenge; what counts is whether Stripe now has the plan paid.
  if (processor.confirmSubscription) return fromSubscription(await processor.confirmSubscription(ref));
  return fromPayment(await processor.confirmAction(ref, approve));
}
