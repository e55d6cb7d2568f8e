import { readConfig } from '../env';
import { createLocalProcessor } from './local';
import { createStripeProcessor } from './stripe';
import type { PaymentProcessor } from './types';

/**
 * The processor payments go through (PAYMENT_PROCESSOR): `local` or `stripe` (readConfig makes
 * sure Stripe's keys are there; docs/decisions/017).
 */
export function paymentProcessor(env: Env): PaymentProcessor {
  const config = readConfig(env);
  switch (config.PAYMENT_PROCESSOR) {
    case 'local':
      return createLocalProcessor();
    case 'stripe':
      return createStripeProcessor(config.STRIPE_SECRET_KEY!);
  }
}
