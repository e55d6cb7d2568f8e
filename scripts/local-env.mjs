// Shared by the start, dev and test scripts: the environment that keeps every tool offline, and
// the local configuration file (.dev.vars) that wrangler and the Astro dev server read on top of
// the production-safe values in wrangler.toml.

import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const OFFLINE_ENV = {
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

/** A private RSA key (JWK) for the local Google sign-in stand-in; it never leaves this machine. */
function devGoogleKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return JSON.stringify({ ...jwk, alg: 'RS256', use: 'sig', kid: `local-${randomBytes(4).toString('hex')}` });
}

/** A private Ed25519 key (JWK) the loopback carrier signs its webhooks with; the Worker derives the public half. */
function loopbackSigningKey() {
  const { privateKey } = generateKeyPairSync('ed25519');
  return JSON.stringify(privateKey.export({ format: 'jwk' }));
}

/** Local values, each made once per machine. Order is the order they appear in the file. */
const LOCAL_VALUES = {
  APP_ENV: () => 'development',
  LIVE_TOKEN_SECRET: () => randomBytes(32).toString('hex'),
  DEV_TOOLS: () => 'on',
  // Outgoing webhooks may go to http://localhost:<port> here, a receiver on this machine (decision 047).
  WEBHOOK_ALLOW_LOCAL_HTTP: () => 'on',
  GOOGLE_CLIENT_ID: () => 'local-dev.apps.googleusercontent.com',
  GOOGLE_JWKS_URL: () => '/dev/google/certs',
  DEV_GOOGLE_PRIVATE_JWK: devGoogleKey,
  MAIL_PROVIDER: () => 'outbox',
  MAIL_FROM: () => 'FaxFlow <no-reply@localhost>',
  // Fax by e-mail: a mail to <number>@fax.localhost, handed to /cdn-cgi/handler/email, is faxed.
  FAX_MAIL_DOMAIN: () => 'fax.localhost',
  CARRIER: () => 'loopback',
  LOOPBACK_SIGNING_KEY: loopbackSigningKey,
  FAX_MEDIA_SECRET: () => randomBytes(32).toString('hex'),
  FAX_REFERENCE_SECRET: () => randomBytes(32).toString('hex'),
  // Seals the authenticator apps' secrets at rest (decision 044): 32 random bytes, base64.
  SECOND_FACTOR_KEY: () => randomBytes(32).toString('base64'),
  FAX_ID_SECRET: () => randomBytes(32).toString('hex'),
  LOCAL_PAYMENTS_WEBHOOK_SECRET: () => `whsec_local_${randomBytes(32).toString('hex')}`,
  // Where GET /api/attribution says a local visitor is (miniflare's own request.cf is a fixed placeholder).
  LOCAL_GEO: () => 'US,CA,San Francisco',
};

/** The dev-tools configuration as one object, for tests that need the same values. */
export function localValues() {
  return Object.fromEntries(Object.entries(LOCAL_VALUES).map(([key, make]) => [key, make()]));
}

/** Creates .dev.vars on a new machine and adds any value a newer version needs; never changes one. */
export function ensureDevVars(path = '.dev.vars') {
  const current = existsSync(path)
    ? readFileSync(path, 'utf8')
    : '# Local configuration, made by npm start on this machine. Never commit.\n';
  const missing = Object.entries(LOCAL_VALUES).filter(([key]) => !new RegExp(`^${key}=`, 'm').test(current));
  if (missing.length === 0) return;
  const lines = missing.map(([key, make]) => `${key}=${make()}`);
  writeFileSync(path, `${current.replace(/\n?$/, '\n') + lines.join('\n')}\n`, { mode: 0o600 });
  console.log(`Wrote ${missing.map(([key]) => key).join(', ')} to ${path}.`);
}

/** Runs a command to completion with the offline environment, failing loudly; `options.onSpawn(pid)` learns its pid. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const { onSpawn, ...spawnOptions } = options;
    const child = spawn(command, args, { stdio: 'inherit', ...spawnOptions, env: { ...process.env, ...OFFLINE_ENV, ...options.env } });
    if (child.pid) onSpawn?.(child.pid);
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}
