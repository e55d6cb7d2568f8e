import type { CardInput } from '../../src/common/billing';

// A payment processor behind one small interface (docs/decisions/017): the local
// card simulator first, a real processor (Stripe) later. Amounts are integer cents. Processors
// never see our database; the caller records what they answered.

type PaymentProcessorName = 'local' | 'stripe';

/** Why a card was refused, as the error codes the API answers. */
export type DeclineCode = 'PAYMENT_DECLINED' | 'CARD_EXPIRED' | 'AUTHENTICATION_FAILED' | 'INVALID_CARD';

export type PaymentOutcome =
  /** `ref`: the processor's id of this charge or hold; `paymentMethod`: what later charges use. */
  | { status: 'succeeded'; ref: string; paymentMethod: string }
  | { status: 'declined'; code: DeclineCode }
  /** The card holder must pass a challenge; answer it with confirmAction(ref, …). */
  | { status: 'requires_action'; ref: string };

/** A card typed in now, or a payment method saved by an earlier success (renewals). */
export type PaymentSource = { card: CardInput } | { paymentMethod: string };

/** The only card details we keep: never the number. */
export interface CardSummary {
  brand: string;
  last4: string;
}

export interface PaymentRequest {
  amountCents: number;
  description: string;
  /** The same key twice is the same payment. */
  idempotencyKey: string;
}

export interface PaymentProcessor {
  readonly name: PaymentProcessorName;
  /** Brand and last four digits, or null when the number is not a card number (INVALID_CARD). */
  describeCard(card: CardInput): CardSummary | null;
  charge(source: PaymentSource, request: PaymentRequest): Promise<PaymentOutcome>;
  /** Holds the amount on the card without taking it. */
  authorize(source: PaymentSource, request: PaymentRequest): Promise<PaymentOutcome>;
  /** Lets go of a hold made by authorize. */
  release(ref: string): Promise<PaymentOutcome>;
  /** The card holder's answer to a challenge. */
  confirmAction(ref: string, approve: boolean): Promise<PaymentOutcome>;
  /**
   * Processors that run the plan themselves (Stripe) start it here from a payment method the
   * browser got from the processor's own form; they then charge each period and tell us by signed
   * webhook (worker/api/payment-webhooks.ts). `local` has no such method: our cron renews it.
   */
  startSubscription?(request: SubscriptionRequest): Promise<SubscriptionOutcome>;
  /** How a subscription that needed the card holder's challenge stands now (after Stripe.js ran it). */
  confirmSubscription?(ref: string): Promise<SubscriptionOutcome>;
  /**
   * Stops a subscription the processor runs: at the end of the paid period (the user cancelled) or
   * now (the plan ended here, or the account goes). One already over counts as stopped.
   */
  cancelSubscription?(ref: string, request: { when: 'period_end' | 'now'; idempotencyKey: string }): Promise<void>;
  /**
   * Takes back a stop at the period end (the user resumed their plan): the subscription renews
   * again, with nothing charged now. Answers false when the subscription is already over.
   */
  resumeSubscription?(ref: string, request: { idempotencyKey: string }): Promise<boolean>;
}

export interface SubscriptionRequest {
  userId: string;
  email: string;
  /** The processor's saved payment method (Stripe: `pm_…` from Stripe Elements). */
  paymentMethod: string;
  amountCents: number;
  interval: 'month' | 'year';
  description: string;
  /** Unix ms when a trial ends, or null to charge now. */
  trialEndsAt: number | null;
  idempotencyKey: string;
}

export type SubscriptionOutcome =
  /**
   * `ref`: the processor's subscription id (kept as the checkout's processor_ref); `invoiceRef`: the
   * processor's first invoice (null for a trial, which charges nothing now); `card`: what the
   * payment method is, for the receipt line, when the processor said; `periodEnd`: when the
   * processor will charge next (the trial's end, or the paid period's), Unix ms, so our period
   * ends when theirs does.
   */
  | {
      status: 'succeeded';
      ref: string;
      paymentMethod: string;
      invoiceRef: string | null;
      card: CardSummary | null;
      periodEnd: number | null;
    }
  | { status: 'declined'; code: DeclineCode }
  /** The bank wants the card holder: the browser confirms with `clientSecret` (Stripe.js), then we ask again. */
  | { status: 'requires_action'; ref: string; clientSecret: string };

/**
 * The processor could not be reached or failed on its side (an outage, a 5xx, a rate limit): not
 * the card's fault, so not a decline. The caller changes nothing and answers 503.
 */
export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailableError';
  }
}
