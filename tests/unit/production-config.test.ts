import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { TELNYX_VARS, withVars } from '../support/config';

// The local stand-ins (dev pages, the loopback carrier, a fixed visitor location, raised abuse
// limits) make a local run work without accounts; any of them in production would be a hole, so
// the Worker refuses to start with one.

const PRODUCTION = {
  APP_ENV: 'production',
  DEV_TOOLS: 'off',
  GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
  LOCAL_GEO: undefined,
  RATE_LIMIT_MULTIPLIER: '1',
  PASSWORD_HASHING: 'standard',
  WEBHOOK_ALLOW_LOCAL_HTTP: 'off',
  WEBHOOK_DNS_HOSTS: undefined,
  ...TELNYX_VARS,
};

describe('a production configuration', () => {
  it('with a real carrier and no local stand-in is accepted', () => {
    expect(readConfig(withVars(PRODUCTION))).toMatchObject({ APP_ENV: 'production', DEV_TOOLS: false, CARRIER: 'telnyx' });
  });

  it.each([
    ['DEV_TOOLS', 'on', /DEV_TOOLS must be off in production/],
    ['CARRIER', 'loopback', /CARRIER must be a real carrier in production/],
    ['LOCAL_GEO', 'US,TX,Austin', /LOCAL_GEO must be unset in production/],
    ['RATE_LIMIT_MULTIPLIER', '50', /RATE_LIMIT_MULTIPLIER must be 1 in production/],
    ['PASSWORD_HASHING', 'fast-for-tests', /PASSWORD_HASHING must be standard in production/],
    ['WEBHOOK_ALLOW_LOCAL_HTTP', 'on', /WEBHOOK_ALLOW_LOCAL_HTTP must be off in production/],
    ['WEBHOOK_DNS_HOSTS', 'hooks.example.com=127.0.0.1', /WEBHOOK_DNS_HOSTS must be unset in production/],
    // The local caller id, a fictional 555 number, left as it is, and any other 555 one.
    ['FAX_SENDER_NUMBER', undefined, /FAX_SENDER_NUMBER must be a real fax number of yours/],
    ['FAX_SENDER_NUMBER', '+13125550142', /FAX_SENDER_NUMBER must be a real fax number of yours/],
  ])('with %s=%s is refused, naming it', (name, value, message) => {
    expect(() => readConfig(withVars({ ...PRODUCTION, [name]: value }))).toThrow(message);
  });
});
