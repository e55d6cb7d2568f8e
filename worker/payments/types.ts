import type { CardInput } from '../../src/common/billing';

// A payment processor behind one small interface (design.md §9, docs/decisions/017): the local
// card simulator first, a real processor (Stripe) later. Amounts are integer cents. Processors
// never see our database; the caller records what they answered.

export type PaymentProcessorName = 'local' | 'stripe';

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
  /** `ref`: the processor's subscription id (kept as the checkout's processor_ref). */
  | { status: 'succeeded'; ref: string; paymentMethod: string }
  | { status: 'declined'; code: DeclineCode }
  | { status: 'requires_action'; ref: string };
