import Stripe from 'stripe';
import type { DeclineCode, PaymentOutcome, PaymentProcessor, PaymentRequest, PaymentSource, SubscriptionOutcome, SubscriptionRequest } from './types';

// The `stripe` processor (docs/decisions/017). The card never reaches this Worker: the browser
// hands it to Stripe Elements and we see only its `pm_…` id. Stripe runs the subscription (it
// charges each period itself) and tells us what happened by signed webhooks
// (worker/api/payment-webhooks.ts). The SDK talks through fetch and verifies with SubtleCrypto, as
// a Worker has neither Node's http nor its crypto. Amounts are integer cents (USD).

const CURRENCY = 'usd';

export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient() });
}

/** Stripe's error codes to ours; anything we do not know is a plain decline. */
function declineCodeOf(error: unknown): DeclineCode {
  const code = error instanceof Stripe.errors.StripeError ? (error.code ?? error.decline_code ?? '') : '';
  if (code === 'expired_card') return 'CARD_EXPIRED';
  if (code === 'authentication_required' || code === 'payment_intent_authentication_failure') return 'AUTHENTICATION_FAILED';
  if (code === 'incorrect_number' || code === 'invalid_number' || code === 'resource_missing') return 'INVALID_CARD';
  return 'PAYMENT_DECLINED';
}

/** Only a card error is a refusal; an outage or a bad key must fail loudly (5xx), not decline. */
async function refusalOr<T>(run: () => Promise<T>, refused: (code: DeclineCode) => T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) return refused(declineCodeOf(error));
    throw error;
  }
}

function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? '');
  if (intent.status === 'succeeded' || intent.status === 'requires_capture' || intent.status === 'canceled') return { status: 'succeeded', ref: intent.id, paymentMethod };
  if (intent.status === 'requires_action') return { status: 'requires_action', ref: intent.id };
  return { status: 'declined', code: 'PAYMENT_DECLINED' };
}

export function createStripeProcessor(secretKey: string): PaymentProcessor {
  const stripe = stripeClient(secretKey);

  /** A payment intent on a saved method, off-session (the holder is not there to answer a challenge). */
  async function intent(source: PaymentSource, request: PaymentRequest, capture: 'automatic' | 'manual'): Promise<PaymentOutcome> {
    // A card typed into our own form never exists with Stripe: Elements gives us a payment method.
    if (!('paymentMethod' in source)) return { status: 'declined', code: 'INVALID_CARD' };
    return refusalOr(async () => {
      const method = await stripe.paymentMethods.retrieve(source.paymentMethod);
      const customer = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? undefined);
      const created = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: CURRENCY,
          customer,
          payment_method: source.paymentMethod,
          description: request.description,
          capture_method: capture,
          confirm: true,
          off_session: true,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return outcomeOf(created);
    }, (code): PaymentOutcome => ({ status: 'declined', code }));
  }

  return {
    name: 'stripe',
    // Card numbers are Stripe's business; ours would be a bug (the checkout uses startSubscription).
    describeCard: () => null,
    charge: (source, request) => intent(source, request, 'automatic'),
    authorize: (source, request) => intent(source, request, 'manual'),
    async release(ref: string): Promise<PaymentOutcome> {
      return outcomeOf(await stripe.paymentIntents.cancel(ref));
    },
    async confirmAction(ref: string, approve: boolean): Promise<PaymentOutcome> {
      // The challenge itself happens in the browser (Stripe.js); here we only read how it ended.
      if (!approve) return { status: 'declined', code: 'AUTHENTICATION_FAILED' };
      const outcome = outcomeOf(await stripe.paymentIntents.retrieve(ref));
      return outcome.status === 'requires_action' ? { status: 'declined', code: 'AUTHENTICATION_FAILED' } : outcome;
    },
    async startSubscription(request: SubscriptionRequest): Promise<SubscriptionOutcome> {
      return refusalOr(async () => {
        const key = request.idempotencyKey;
        const customer = await stripe.customers.create(
          { email: request.email, payment_method: request.paymentMethod, invoice_settings: { default_payment_method: request.paymentMethod }, metadata: { userId: request.userId } },
          { idempotencyKey: `${key}:customer` },
        );
        const price = await stripe.prices.create(
          { currency: CURRENCY, unit_amount: request.amountCents, recurring: { interval: request.interval }, product_data: { name: request.description } },
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
            payment_behavior: 'default_incomplete',
          },
          { idempotencyKey: `${key}:subscription` },
        );
        if (subscription.status === 'active' || subscription.status === 'trialing') return { status: 'succeeded', ref: subscription.id, paymentMethod: request.paymentMethod };
        if (subscription.status === 'incomplete') return { status: 'requires_action', ref: subscription.id };
        return { status: 'declined', code: 'PAYMENT_DECLINED' };
      }, (code): SubscriptionOutcome => ({ status: 'declined', code }));
    },
  };
}

/** Checks a Stripe-Signature header (`t=…,v1=…`, 300 s tolerance); null when it is not Stripe's. */
export async function verifyStripeEvent(rawBody: string, signature: string | null, secret: string): Promise<Stripe.Event | null> {
  if (!signature) return null;
  try {
    return await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
    throw error;
  }
}
