import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { serviceProvidersOf } from '../../worker/pages/visitor-pages';
import { TELNYX_VARS, withVars } from '../support/config';

// /privacy names who processes data for the service (decision 039), as this deployment is configured:
// a provider it does not use is never named, one it uses is never left out.

describe('serviceProvidersOf', () => {
  it.each([
    ['the local stand-ins only', {}, ['cloudflare']],
    ['Telnyx as the carrier', TELNYX_VARS, ['cloudflare', 'telnyx']],
    ['Stripe for cards', { PAYMENT_PROCESSOR: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }, ['cloudflare', 'stripe']],
    ['Resend for mail', { MAIL_PROVIDER: 'resend', RESEND_API_KEY: 're_key' }, ['cloudflare', 'resend']],
    ["Google's own keys", { GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs' }, ['cloudflare', 'google']],
  ])('with %s', (_label, vars, providers) => {
    expect(serviceProvidersOf(readConfig(withVars(vars)))).toEqual(providers);
  });

  it('names Cloudflare Email Service when it sends the mail', () => {
    const config = { ...readConfig(env), MAIL_PROVIDER: 'cloudflare' as const };
    expect(serviceProvidersOf(config)).toEqual(['cloudflare', 'cloudflareEmail']);
  });
});
