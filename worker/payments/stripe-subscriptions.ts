import Stripe from 'stripe';
import { declineCodeFrom, refusalOr, unlessOutage } from './stripe-calls';
import type { CardSummary, SubscriptionOutcome, SubscriptionRequest } from './types';

// Plans that Stripe runs (docs/decisions/017): the checkout starts a subscription from the payment
// method Stripe Elements made, Stripe charges each period and reports by webhook, and we stop it
// when the user cancels, the plan ends unpaid here, or the account goes. Every POST carries an
// idempotency key derived from our own ids, so a retried request is the same request.

const CURRENCY = 'usd';
/** Stripe's answer carries what the checkout needs: the card's brand and the first invoice's payment. */
const EXPAND = ['latest_invoice.confirmation_secret', 'default_payment_method'];
const OVER: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

function idOf(ref: string | { id?: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : (ref.id ?? null);
}

function cardOf(method: string | Stripe.PaymentMethod | null): CardSummary | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4 };
}

/** When Stripe charges next: the trial's end, or the end of the period just paid (Unix ms). */
function periodEndOf(subscription: Stripe.Subscription): number | null {
  const seconds = subscription.status === 'trialing' ? subscription.trial_end : subscription.items?.data?.[0]?.current_period_end;
  return seconds ? seconds * 1000 : null;
}

/** The payment intent of an invoice's (first) payment: where Stripe says why it is not paid. */
async function invoiceIntent(stripe: Stripe, invoiceId: string): Promise<Stripe.PaymentIntent | null> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, expand: ['data.payment.payment_intent'] });
  const payment = payments.data.find((p) => p.is_default) ?? payments.data[0];
  const intent = payment?.payment.payment_intent;
  return intent && typeof intent !== 'string' ? intent : null;
}

/**
 * What a subscription's state means for the checkout: live (active, or trialing) is paid; an
 * incomplete one either waits for the bank's challenge or was refused.
 */
async function outcomeOf(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  stage: 'start' | 'confirm',
  paymentMethod?: string,
): Promise<SubscriptionOutcome> {
  const invoice = subscription.latest_invoice;
  if (subscription.status === 'active' || subscription.status === 'trialing') {
    return {
      status: 'succeeded',
      ref: subscription.id,
      paymentMethod: idOf(subscription.default_payment_method) ?? paymentMethod ?? '',
      invoiceRef: subscription.status === 'active' ? idOf(invoice) : null,
      card: cardOf(subscription.default_payment_method),
      periodEnd: periodEndOf(subscription),
    };
  }
  if (subscription.status !== 'incomplete' || !invoice) return { status: 'declined', code: 'PAYMENT_DECLINED' };
  const intent = await invoiceIntent(stripe, typeof invoice === 'string' ? invoice : invoice.id!);
  const clientSecret = typeof invoice === 'string' ? null : invoice.confirmation_secret?.client_secret;
  if (intent?.status === 'requires_action') {
    // Asked again after the browser ran the challenge: still waiting means it was not passed.
    if (stage === 'confirm' || !clientSecret) return { status: 'declined', code: 'AUTHENTICATION_FAILED' };
    return { status: 'requires_action', ref: subscription.id, clientSecret };
  }
  const error = intent?.last_payment_error;
  return { status: 'declined', code: declineCodeFrom(error?.code ?? error?.decline_code) };
}

export function stripeSubscriptions(stripe: Stripe) {
  return {
    async startSubscription(request: SubscriptionRequest): Promise<SubscriptionOutcome> {
      return refusalOr(
        async () => {
          const key = request.idempotencyKey;
          // Saving the card to the customer makes Stripe check it: a refused card stops here.
          const customer = await stripe.customers.create(
            {
              email: request.email,
              payment_method: request.paymentMethod,
              invoice_settings: { default_payment_method: request.paymentMethod },
              metadata: { userId: request.userId },
            },
            { idempotencyKey: `${key}:customer` },
          );
          const price = await stripe.prices.create(
            {
              currency: CURRENCY,
              unit_amount: request.amountCents,
              recurring: { interval: request.interval },
              product_data: { name: request.description },
            },
            { idempotencyKey: `${key}:price` },
          );
          const subscription = await stripe.subscriptions.create(
            {
              customer: customer.id,
              items: [{ price: price.id }],
              default_payment_method: request.paymentMethod,
              // The webhooks find the user by this (invoice.parent.subscription_details.metadata).
              metadata: { userId: request.userId },
              ...(request.trialEndsAt ? { trial_end: Math.floor(request.trialEndsAt / 1000) } : {}),
              // Charge the first period now; if the bank wants a challenge, or refuses, the
              // subscription stays `incomplete` (and expires in 23 hours unless the challenge is passed).
              payment_behavior: 'allow_incomplete',
              expand: EXPAND,
            },
            { idempotencyKey: `${key}:subscription` },
          );
          return outcomeOf(stripe, subscription, 'start', request.paymentMethod);
        },
        (code): SubscriptionOutcome => ({ status: 'declined', code }),
      );
    },

    async confirmSubscription(ref: string): Promise<SubscriptionOutcome> {
      return refusalOr(
        async () => outcomeOf(stripe, await stripe.subscriptions.retrieve(ref, { expand: EXPAND }), 'confirm'),
        (code): SubscriptionOutcome => ({ status: 'declined', code }),
      );
    },

    async cancelSubscription(ref: string, request: { when: 'period_end' | 'now'; idempotencyKey: string }): Promise<void> {
      await unlessOutage(async () => {
        try {
          if (request.when === 'now') await stripe.subscriptions.cancel(ref, {}, { idempotencyKey: request.idempotencyKey });
          else await stripe.subscriptions.update(ref, { cancel_at_period_end: true }, { idempotencyKey: request.idempotencyKey });
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || !(await isOver(stripe, ref))) throw error;
        }
      });
    },

    // Stripe: a subscription set to cancel at the period end renews again once cancel_at_period_end
    // is false, up to that end, and the update itself charges nothing.
    async resumeSubscription(ref: string, request: { idempotencyKey: string }): Promise<boolean> {
      return unlessOutage(async () => {
        try {
          await stripe.subscriptions.update(ref, { cancel_at_period_end: false }, { idempotencyKey: request.idempotencyKey });
          return true;
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && (await isOver(stripe, ref))) return false;
          throw error;
        }
      });
    },
  };
}

/** Stripe ended it already (or never kept it): there is nothing left to stop. */
async function isOver(stripe: Stripe, ref: string): Promise<boolean> {
  try {
    return OVER.has((await stripe.subscriptions.retrieve(ref)).status);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return true;
    throw error;
  }
}
