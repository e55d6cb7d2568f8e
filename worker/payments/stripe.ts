import Stripe from 'stripe';
import { refusalOr, stripeClient, unlessOutage } from './stripe-calls';
import { stripeSubscriptions } from './stripe-subscriptions';
import type { PaymentOutcome, PaymentProcessor, PaymentRequest, PaymentSource } from './types';

// The `stripe` processor (docs/decisions/017). The card never reaches this Worker: the browser
// hands it to Stripe Elements and we see only its `pm_…` id. Stripe runs the subscription (it
// charges each period itself) and tells us what happened by signed webhooks
// (worker/api/payment-webhooks.ts). The SDK talks through fetch and verifies with SubtleCrypto, as
// a Worker has neither Node's http nor its crypto. Amounts are integer cents (USD).

const CURRENCY = 'usd';

function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? '');
  if (intent.status === 'succeeded' || intent.status === 'requires_capture' || intent.status === 'canceled')
    return { status: 'succeeded', ref: intent.id, paymentMethod };
  if (intent.status === 'requires_action') return { status: 'requires_action', ref: intent.id };
  return { status: 'declined', code: 'PAYMENT_DECLINED' };
}

export function createStripeProcessor(secretKey: string): PaymentProcessor {
  const stripe = stripeClient(secretKey);

  /** A payment intent on a saved method, off-session (the holder is not there to answer a challenge). */
  async function intent(source: PaymentSource, request: PaymentRequest, capture: 'automatic' | 'manual'): Promise<PaymentOutcome> {
    // A card typed into our own form never exists with Stripe: Elements gives us a payment method.
    if (!('paymentMethod' in source)) return { status: 'declined', code: 'INVALID_CARD' };
    return refusalOr(
      async () => {
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
      },
      (code): PaymentOutcome => ({ status: 'declined', code }),
    );
  }

  return {
    name: 'stripe',
    // Card numbers are Stripe's business; ours would be a bug (the checkout uses startSubscription).
    describeCard: () => null,
    charge: (source, request) => intent(source, request, 'automatic'),
    authorize: (source, request) => intent(source, request, 'manual'),
    async release(ref: string): Promise<PaymentOutcome> {
      return outcomeOf(await unlessOutage(() => stripe.paymentIntents.cancel(ref)));
    },
    async confirmAction(ref: string, approve: boolean): Promise<PaymentOutcome> {
      // The challenge itself happens in the browser (Stripe.js); here we only read how it ended.
      if (!approve) return { status: 'declined', code: 'AUTHENTICATION_FAILED' };
      const outcome = outcomeOf(await unlessOutage(() => stripe.paymentIntents.retrieve(ref)));
      return outcome.status === 'requires_action' ? { status: 'declined', code: 'AUTHENTICATION_FAILED' } : outcome;
    },
    ...stripeSubscriptions(stripe),
  };
}

/** How far a signature's time may be from ours, either way (Stripe's own default, which checks only the past). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Whether the `t=` of a Stripe-Signature header is within the tolerance of `nowMs`, before or after. */
export function signedRecently(signature: string, nowMs: number): boolean {
  const signedAt = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
  return Number.isFinite(signedAt) && Math.abs(nowMs / 1000 - signedAt) <= SIGNATURE_TOLERANCE_SECONDS;
}

/**
 * Checks a Stripe-Signature header (`t=…,v1=…`) signed within 300 s of now, either way; null when
 * it is not Stripe's. A time ahead of ours is refused too: a captured event must not stay
 * replayable for as long as its sender chose. 'malformed' when the signature holds but the body
 * is not JSON (the SDK parses only after checking the signature).
 */
export async function verifyStripeEvent(
  rawBody: string,
  signature: string | null,
  secret: string,
): Promise<Stripe.Event | 'malformed' | null> {
  if (!signature || !signedRecently(signature, Date.now())) return null;
  try {
    return await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
    if (error instanceof SyntaxError) return 'malformed';
    throw error;
  }
}
