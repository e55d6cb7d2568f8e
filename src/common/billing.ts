import { z } from 'zod';
import type { SubscriptionType } from './billing-rules';
import { PLAN_LEVELS, PLAN_TERMS } from './plan-rules';

// The billing contract between the /transaction page, settings and the Worker (decision 017).
// Money is integer US cents. Card fields go to the `local` processor only; with Stripe the card
// stays in Stripe's own form and we get its payment method id (docs/decisions/017).

const cardSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[\d ]{12,23}$/, 'INVALID_CARD'),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'INVALID_CARD'),
  name: z.string().trim().min(1).max(120),
  postalCode: z.string().trim().max(12).optional(),
});
export type CardInput = z.infer<typeof cardSchema>;

/** A Stripe payment method id, as Stripe Elements' createPaymentMethod answers it. */
const paymentMethodIdSchema = z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a Stripe payment method id (pm_…)');

/** What pays: a typed card (the `local` processor) or a payment method made by Stripe Elements. */
export type CheckoutPayment = { card: CardInput } | { paymentMethodId: string };

/** POST /api/checkout: exactly one of `card` and `paymentMethodId`. */
export const checkoutSchema = z
  .object({
    plan: z.enum(PLAN_LEVELS),
    term: z.enum(PLAN_TERMS),
    card: cardSchema.optional(),
    paymentMethodId: paymentMethodIdSchema.optional(),
  })
  .refine((body) => (body.card === undefined) !== (body.paymentMethodId === undefined), {
    path: ['payment'],
    message: 'send either card (typed card, local processor) or paymentMethodId (Stripe Elements), not both',
  })
  .transform(({ plan, term, card, paymentMethodId }) => ({
    plan,
    term,
    payment: (card ? { card } : { paymentMethodId: paymentMethodId! }) as CheckoutPayment,
  }));
/** POST /api/checkout/:checkoutId/confirm — the answer to a card's authentication challenge. */
export const checkoutConfirmSchema = z.object({ approve: z.boolean() });

/** POST /api/resumeSubscription: the plan to renew again, as `subscriptionId` names it. */
export const resumeSubscriptionSchema = z.object({ subscriptionId: z.uuid() });

/** Settings › Change card: the card later charges (and a failed renewal's retry) go to. */
export const changeCardSchema = z.object({ card: cardSchema });

export const CHECKOUT_STATES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;

export { isLuhnValid, isPaying, type SubscriptionType } from './billing-rules';
export { cardBrandName } from './card-brand';

export interface CheckoutView {
  id: string;
  plan: (typeof PLAN_LEVELS)[number];
  term: (typeof PLAN_TERMS)[number];
  trial: boolean;
  amountCents: number;
  state: (typeof CHECKOUT_STATES)[number];
  failureCode: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * Which card form the /transaction page shows (the page context carries it): our own typed-card
 * form for `local`, Stripe Elements with this publishable key (public by design) for `stripe`.
 */
export type PaymentsConfig = { processor: 'local' } | { processor: 'stripe'; publishableKey: string };

export interface SubscriptionView {
  type: SubscriptionType;
  planLevel: (typeof PLAN_LEVELS)[number] | null;
  planTerm: (typeof PLAN_TERMS)[number] | null;
  subscriptionId: string | null;
  merchantType: string | null;
  trialEndsAt: number | null;
  /** When the paid period (or the trial) ends; the next charge unless cancelled. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** The latest failed charge of the period being renewed, or null: retried daily until graceEndsAt, then FREE. */
  renewalFailedAt: number | null;
  /** When the plan stops unless a retry succeeds, or null. */
  graceEndsAt: number | null;
  /** The card the plan is charged to (never its number), when we know it. */
  card: { brand: string; last4: string } | null;
  /** What the plan's next charge will be (its price at its term), in cents; null without a plan. */
  priceCents: number | null;
  /** The user's own fax number once assigned. */
  faxNumber: { number: string; display: string } | null;
}

/**
 * One line of the payments table (decision 040): a payment, a refund, a refused charge, or a check of
 * the card that took nothing (a trial's, a new card's). Credit grants and a hold's release are not
 * lines; a hold is its check's `note`.
 */
export interface PaymentView {
  id: string;
  kind: 'charge' | 'refund' | 'card_check';
  status: 'paid' | 'failed' | 'refunded' | 'verified';
  /** What the card holder paid, was refunded or was refused; 0 for a card check. */
  amountCents: number;
  currency: string;
  description: string;
  /** A second line in plain words, e.g. the hold a card check left on the card; or null. */
  note: string | null;
  createdAt: number;
}

export interface InvoiceView {
  id: string;
  number: string;
  planLevel: string;
  planTerm: string;
  amountCents: number;
  periodStart: number;
  periodEnd: number;
  createdAt: number;
}

export interface BillingHistory {
  payments: PaymentView[];
  invoices: InvoiceView[];
}
