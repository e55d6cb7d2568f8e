import type { PaymentsConfig } from '../../src/common/billing';
import { type AppConfig, readConfig } from '../env';
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

/**
 * The processor that runs an existing plan (the user's merchantType), which is not necessarily the
 * one new checkouts use: a plan started with Stripe is stopped at Stripe even if the configuration
 * has moved on. Throws when Stripe's key is gone: stopping such a plan here alone would let Stripe
 * keep charging.
 */
export function processorOfPlan(env: Env, merchantType: string): PaymentProcessor {
  if (merchantType !== 'stripe') return createLocalProcessor();
  const key = readConfig(env).STRIPE_SECRET_KEY;
  if (!key) throw new Error('A Stripe plan needs STRIPE_SECRET_KEY to be stopped at Stripe');
  return createStripeProcessor(key);
}

/** What the pages may know of the processor: which card form to show, and Stripe's public key. */
export function paymentsForPages(config: AppConfig): PaymentsConfig {
  return config.PAYMENT_PROCESSOR === 'stripe'
    ? { processor: 'stripe', publishableKey: config.STRIPE_PUBLISHABLE_KEY! }
    : { processor: 'local' };
}
