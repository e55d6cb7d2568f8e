import { env } from 'cloudflare:workers';

// Configurations the config tests read: the test run's own with some vars changed, and the set a
// real carrier needs.

/** The test run's configuration with `vars` set (undefined removes one). */
export const withVars = (vars: Record<string, string | undefined>): Env => ({ ...env, ...vars }) as Env;

/** Everything CARRIER=telnyx needs, with well-formed values. */
export const TELNYX_VARS = {
  CARRIER: 'telnyx',
  TELNYX_API_KEY: 'KEY0123',
  TELNYX_CONNECTION_ID: '1293384261075731499',
  TELNYX_PUBLIC_KEY: 'Jl2sHrwQ2Rl3Ghb6BxE7LxmS3CD4kRDEhK2y3JPzeCM=',
  PUBLIC_ORIGIN: 'https://fax.example.com',
  FAX_MEDIA_SECRET: 'f'.repeat(64),
  // Production refuses the local, fictional caller id (production-config.test.ts); never dialled by a test.
  FAX_SENDER_NUMBER: '+18009990000',
};
