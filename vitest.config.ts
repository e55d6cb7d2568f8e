import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { localValues } from './scripts/local-env.mjs';
import { messageNamespacesPlugin } from './src/integrations/message-namespaces';
import { realWorldCorpusPlugin } from './tests/support/corpus-plugin';

// Unit and integration tests run inside workerd against real D1 (migrations applied in setup),
// R2, Durable Objects and Queues, with the Hono app (no Astro) as the Worker under test.

// A stand-in for Telnyx's webhook key pair: the Worker trusts the public half, the carrier tests
// sign Telnyx-shaped events with the private half (tests/support/carrier.ts).
const telnyxTestKey = generateKeyPairSync('ed25519');
const telnyxPublicKey = Buffer.from(telnyxTestKey.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');

export default defineConfig(async () => ({
  plugins: [
    // The dictionary's namespaces as islands import them (src/i18n/translator.ts).
    messageNamespacesPlugin(),
    // The real-world corpus's files, for tests/integration/real-world-corpus.test.ts.
    realWorldCorpusPlugin('./tests/fixtures/real-world'),
    cloudflareTest({
      main: './worker/app.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // The local configuration npm start uses (dev tools, local Google key, mail outbox).
        bindings: {
          ...localValues(),
          APP_ENV: 'test',
          // A low scrypt work factor: thousands of sign-ups and sign-ins spent most of the suite's
          // CPU in it (worker/auth/password.ts; tests/unit/password.test.ts checks the real one).
          PASSWORD_HASHING: 'fast-for-tests',
          // Links in mails are built on it (never on the request's Host); the tests' own origin.
          PUBLIC_ORIGIN: 'http://localhost:8787',
          // The tests' stand-in for Telnyx's media storage (tests/support/receive.ts).
          CARRIER_MEDIA_HOSTS: 'media.telnyx.test',
          // Faxes move at once and retries are not delayed, so tests wait on events, not clocks.
          LOOPBACK_MS_PER_PAGE: '0',
          // Outgoing webhooks' receivers (tests/support/webhook-receiver.ts): names the tests make
          // resolve, one public and one to this machine; the outside world is a fetch stub.
          WEBHOOK_DNS_HOSTS: 'hooks.receiver.test=93.184.215.14,rebound.receiver.test=127.0.0.1,v6.receiver.test=::ffff:10.0.0.1',
          FAX_RETRY_BASE_SECONDS: '0',
          TELNYX_PUBLIC_KEY: telnyxPublicKey,
          TEST_TELNYX_PRIVATE_JWK: JSON.stringify(telnyxTestKey.privateKey.export({ format: 'jwk' })),
          LIVE_TOKEN_SECRET: 'test-live-token-secret-0123456789abcdef',
          // Test-only Stripe secrets: the webhook tests sign Stripe-shaped events with this one.
          STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
          STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef0123456789abcdef',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
          LOCAL_NUMBER_POOL_SQL: readFileSync('./scripts/seed/local-number-pool.sql', 'utf8'),
        },
      },
    }),
  ],
  test: {
    // One Worker runs every file in turn, each file starting from the seeded world
    // (tests/setup/apply-migrations.ts): a fresh Worker per file cost three quarters of the run.
    isolate: false,
    maxWorkers: 1,
    // Upper bounds, not expectations: a test waits on events, and on a busy 2-core machine (CI runs
    // the browser tests beside this suite) a send through the loopback network took 5–20 s where it
    // takes under 1 s alone. Speed is measured in tests/bench, never by a test's clock.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    setupFiles: ['./tests/setup/apply-migrations.ts', './tests/setup/fail-on-console-error.ts'],
  },
}));
