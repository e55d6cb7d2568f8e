import Stripe from 'stripe';
import { type DeclineCode, ProcessorUnavailableError } from './types';

// How we talk to Stripe's API and read its failures (docs/decisions/017): the SDK over fetch (a
// Worker has no Node http), a card error is a refusal with our code, an outage is
// ProcessorUnavailableError (503, nothing changed), anything else (a bad key, a bug) throws as is.

export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient() });
}

/** Stripe's error codes to ours; anything we do not know is a plain decline. */
function declineCodeOf(error: unknown): DeclineCode {
  return declineCodeFrom(error instanceof Stripe.errors.StripeError ? (error.code ?? error.decline_code) : null);
}

/** The same for a code Stripe left on a failed payment (`last_payment_error.code`). */
export function declineCodeFrom(code: string | null | undefined): DeclineCode {
  if (code === 'expired_card') return 'CARD_EXPIRED';
  if (code === 'authentication_required' || code === 'payment_intent_authentication_failure') return 'AUTHENTICATION_FAILED';
  if (code === 'incorrect_number' || code === 'invalid_number' || code === 'resource_missing') return 'INVALID_CARD';
  return 'PAYMENT_DECLINED';
}

/** Stripe is down or refusing service for now: retrying later may work, the card is not at fault. */
function isStripeOutage(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  );
}

/** Runs Stripe calls; an outage becomes ProcessorUnavailableError. */
export async function unlessOutage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isStripeOutage(error)) throw new ProcessorUnavailableError('Stripe could not be reached', { cause: error });
    throw error;
  }
}

/** Only a card error (or a payment method Stripe does not know) is a refusal; an outage is not. */
export async function refusalOr<T>(run: () => Promise<T>, refused: (code: DeclineCode) => T): Promise<T> {
  return unlessOutage(async () => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError)
        return refused(declineCodeOf(error));
      throw error;
    }
  });
}
