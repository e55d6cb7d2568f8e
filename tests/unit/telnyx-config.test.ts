import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { TELNYX_VARS, withVars } from '../support/config';

// The carrier settings are checked with the rest of the configuration, before any request is served.

const TELNYX = TELNYX_VARS;

describe('carrier configuration', () => {
  it('Telnyx with everything it needs', () => {
    expect(readConfig(withVars(TELNYX))).toMatchObject({ CARRIER: 'telnyx', PUBLIC_ORIGIN: 'https://fax.example.com' });
  });

  it.each(['TELNYX_API_KEY', 'TELNYX_CONNECTION_ID', 'TELNYX_PUBLIC_KEY', 'PUBLIC_ORIGIN', 'FAX_MEDIA_SECRET'])(
    'Telnyx without %s is refused, naming it',
    (name) => {
      expect(() => readConfig(withVars({ ...TELNYX, [name]: undefined }))).toThrow(new RegExp(`${name} is required when CARRIER=telnyx`));
    },
  );

  it.each(['not-a-key', 'Jl2sHrwQ2Rl3Ghb6BxE7LxmS3CD4kRDEhK2y3JPzeC', `${'A'.repeat(43)}`])(
    'a public key that is not 32 base64 bytes (%s) is refused',
    (key) => {
      expect(() => readConfig(withVars({ ...TELNYX, TELNYX_PUBLIC_KEY: key }))).toThrow(
        /TELNYX_PUBLIC_KEY must be the base64 Ed25519 public key/,
      );
    },
  );

  it('a media secret shorter than 32 characters is refused', () => {
    expect(() => readConfig(withVars({ ...TELNYX, FAX_MEDIA_SECRET: 'short' }))).toThrow(/FAX_MEDIA_SECRET must be at least 32 characters/);
  });

  it('an http origin is refused in production', () => {
    const production = { ...TELNYX, APP_ENV: 'production', DEV_TOOLS: 'off', PUBLIC_ORIGIN: 'http://fax.example.com' };
    expect(() => readConfig(withVars(production))).toThrow(/PUBLIC_ORIGIN must be an https origin in production/);
  });

  it('the loopback carrier needs its signing key', () => {
    expect(() => readConfig(withVars({ CARRIER: 'loopback', LOOPBACK_SIGNING_KEY: undefined }))).toThrow(
      /LOOPBACK_SIGNING_KEY is required/,
    );
  });
});
