import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { paymentsForPages } from '../../worker/payments';
import { withVars } from '../support/config';

// Stripe's keys are checked with the rest of the configuration; the pages learn only which card
// form to show and Stripe's publishable key, never a secret.
const STRIPE = {
  PAYMENT_PROCESSOR: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
};

describe('payment processor configuration', () => {
  it('Stripe with its three keys; the pages get the publishable one only', () => {
    const config = readConfig(withVars(STRIPE));
    expect(paymentsForPages(config)).toEqual({ processor: 'stripe', publishableKey: 'pk_test_51Abc' });
  });

  it('Stripe without its publishable key is refused, naming it', () => {
    expect(() => readConfig(withVars({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: undefined }))).toThrow(
      /STRIPE_PUBLISHABLE_KEY is required when PAYMENT_PROCESSOR=stripe/,
    );
  });

  it('a secret key where the publishable one goes is refused (it would reach every browser)', () => {
    expect(() => readConfig(withVars({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'sk_test_x' }))).toThrow(
      /STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key/,
    );
  });

  it('the local processor tells the pages nothing else', () => {
    expect(paymentsForPages(readConfig(withVars({ PAYMENT_PROCESSOR: 'local' })))).toEqual({ processor: 'local' });
  });
});
