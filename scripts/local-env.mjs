// Shared by the start, dev and test scripts: the environment that keeps every tool offline, and
// the local secrets file that wrangler and the Astro dev server read.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';

export const OFFLINE_ENV = {
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

/** Creates .dev.vars with fresh random secrets on a new machine; never overwrites one. */
export function ensureDevVars(path = '.dev.vars') {
  if (existsSync(path) && readFileSync(path, 'utf8').includes('LIVE_TOKEN_SECRET=')) return;
  const secret = randomBytes(32).toString('hex');
  writeFileSync(path, `# Local secrets, made by npm start on this machine. Never commit.\nLIVE_TOKEN_SECRET=${secret}\n`, { mode: 0o600 });
  console.log(`Created ${path} with a random LIVE_TOKEN_SECRET.`);
}

/** Runs a command to completion with the offline environment, failing loudly. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...OFFLINE_ENV, ...options.env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}
