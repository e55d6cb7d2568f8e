// npm run check:production: is the Worker, as it would deploy, within Cloudflare's limits and
// configured for production? Nothing is uploaded and no account is needed (but with --account).
//   1. builds it (astro build, into a temporary folder, so the local dist/ that npm start and the
//      tests serve stays as it is), then `wrangler deploy --dry-run` bundles it as a deploy would;
//   2. its size, raw and gzip, beside the Workers size limits;
//   3. its start-up (the main module's global scope evaluated in workerd: `wrangler check startup`,
//      CPU time sampled, idle excluded) beside the 1 s start-up limit;
//   4. the production configuration: the built wrangler.json's [vars] through the Worker's own
//      validation (worker/env.ts), placeholder ids, example values, and the secrets it needs.
// Exits 1 when anything is over a limit or not ready for production. docs/deploy.md explains each line.
//   --skip-build     measure the build already in --out (default: build afresh)
//   --out <dir>      build into <dir> (npm run deploy builds into dist/, the folder it deploys)
//   --limits-only    only steps 1–3 (the size and start-up check, no configuration check)
//   --account        check the secrets against the account (`wrangler secret list`; needs a login)
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const outArg = args.indexOf('--out');
const work = mkdtempSync(join(tmpdir(), 'faxflow-check-'));
// The temporary build, bundle and profile go when the check ends.
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const outDir = resolve(outArg >= 0 ? args[outArg + 1] : join(work, 'dist'));
const serverConfig = join(outDir, 'server', 'wrangler.json');

const MIB = 1024 * 1024;
// https://developers.cloudflare.com/workers/platform/limits/ (docs/deploy.md "Limits"): the Worker
// size limit is 64 MiB uncompressed on every plan (wrangler 4.164's own reporter uses it); the
// former limit, 3 MB (Free) / 10 MB (Paid) after compression, is held too, so a bundle that an
// account still under it would refuse fails here first. Start-up: 1 s.
const LIMITS = { rawBytes: 64 * MIB, gzipBytes: 10 * MIB, gzipFreeBytes: 3 * MIB, startupMs: 1000 };

/** Runs a command, its output shown; rejects on a non-zero exit. */
function run(command, commandArgs, options = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit', ...options });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${commandArgs.join(' ')} exited ${code}`))));
  });
}

/** Runs a command and returns its output (stdout and stderr together). */
async function capture(command, commandArgs) {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, commandArgs, { maxBuffer: 64 * MIB });
    return `${stdout}\n${stderr}`;
  } catch (error) {
    throw new Error(`${command} ${commandArgs.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const problems = [];

// 1. Build, then bundle as `wrangler deploy` would.
if (!flag('--skip-build')) {
  // astro build points wrangler's deploy redirect (.wrangler/deploy/config.json) at its output; a
  // build into a temporary folder must not leave npm start and the tests pointing there.
  const redirect = '.wrangler/deploy/config.json';
  const kept = outArg < 0 && existsSync(redirect) ? join(work, 'redirect.json') : null;
  if (kept) copyFileSync(redirect, kept);
  try {
    await run('npx', ['astro', 'build', '--outDir', outDir]);
  } finally {
    if (kept) copyFileSync(kept, redirect);
  }
}
if (!existsSync(serverConfig)) throw new Error(`No build at ${outDir} (${serverConfig} is missing)`);
const bundle = join(work, 'worker.bundle');
const dryRun = await capture('npx', ['wrangler', 'deploy', '--dry-run', '--config', serverConfig, '--outfile', bundle]);
const upload = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(dryRun);
if (!upload) throw new Error(`wrangler deploy --dry-run printed no "Total Upload" line:\n${dryRun}`);
const rawBytes = Number(upload[1]) * 1024;
const gzipBytes = Number(upload[2]) * 1024;

// 3. Start-up: wrangler evaluates the bundle's main module in workerd under the CPU profiler.
const profilePath = join(work, 'startup.cpuprofile');
await capture('npx', ['wrangler', 'check', 'startup', '--worker', bundle, '--outfile', profilePath]);
const profile = JSON.parse(readFileSync(profilePath, 'utf8'));
const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
let sampledUs = 0;
let idleUs = 0;
profile.timeDeltas.forEach((delta, index) => {
  sampledUs += delta;
  if (names.get(profile.samples[index]) === '(idle)') idleUs += delta;
});
const startupMs = (sampledUs - idleUs) / 1000;
const windowMs = (profile.endTime - profile.startTime) / 1000;

const rows = [
  ['bundle, raw', kib(rawBytes), `${LIMITS.rawBytes / MIB} MiB (every plan)`, rawBytes <= LIMITS.rawBytes],
  [
    'bundle, gzip',
    kib(gzipBytes),
    `${LIMITS.gzipBytes / MIB} MiB Paid, ${LIMITS.gzipFreeBytes / MIB} MiB Free (former limit)`,
    gzipBytes <= LIMITS.gzipBytes,
  ],
  ['start-up, CPU', `${startupMs.toFixed(1)} ms`, `${LIMITS.startupMs} ms`, startupMs <= LIMITS.startupMs],
];
console.log('\n  measure          figure        limit                                   verdict');
for (const [name, figure, limit, ok] of rows) {
  console.log(`  ${name.padEnd(16)} ${figure.padEnd(13)} ${limit.padEnd(39)} ${ok ? 'ok' : 'OVER'}`);
  if (!ok) problems.push(`${name} ${figure} is over the limit of ${limit}`);
}
console.log(`  (start-up measured on this machine: a ${windowMs.toFixed(1)} ms window, ${(idleUs / 1000).toFixed(1)} ms of it idle)`);
if (gzipBytes > LIMITS.gzipFreeBytes) console.log('  warning: over the former Workers Free limit of 3 MiB after compression');

// 4. The production configuration, as the Worker itself would judge it.
if (!flag('--limits-only')) {
  const built = JSON.parse(readFileSync(serverConfig, 'utf8'));
  const vars = built.vars ?? {};
  // Secrets the Worker reads; which of them production needs follows from the vars.
  const SECRETS = [
    'LIVE_TOKEN_SECRET',
    'RESEND_API_KEY',
    'TELNYX_API_KEY',
    'FAX_MEDIA_SECRET',
    'FAX_REFERENCE_SECRET',
    'SECOND_FACTOR_KEY',
    'FAX_ID_SECRET',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ];
  const DEV_ONLY = [
    'DEV_TOOLS',
    'DEV_GOOGLE_PRIVATE_JWK',
    'LOOPBACK_SIGNING_KEY',
    'LOCAL_PAYMENTS_WEBHOOK_SECRET',
    'LOCAL_GEO',
    'RATE_LIMIT_MULTIPLIER',
    'PASSWORD_HASHING',
  ];
  let secretNames = SECRETS;
  if (flag('--account')) {
    const listed = await capture('npx', ['wrangler', 'secret', 'list', '--format', 'json', '--config', serverConfig]);
    secretNames = JSON.parse(listed.slice(listed.indexOf('['), listed.lastIndexOf(']') + 1)).map((secret) => secret.name);
    for (const name of secretNames.filter((name) => DEV_ONLY.includes(name)))
      problems.push(`secret ${name} is for local runs only: wrangler secret delete ${name}`);
  } else {
    console.log('\n  Secrets are taken as set (not checked against the account): npm run deploy checks them with --account.');
  }
  // A stand-in for each secret that is set, valid in form: the check is whether it is there.
  // SECOND_FACTOR_KEY must be 32 bytes in base64, so its stand-in is too.
  const standIn = (name) => (name === 'SECOND_FACTOR_KEY' ? `${'s'.repeat(43)}=` : 's'.repeat(64));
  const secrets = Object.fromEntries(secretNames.filter((name) => SECRETS.includes(name)).map((name) => [name, standIn(name)]));
  const bindings = { SEND_EMAIL: (built.send_email ?? []).some((b) => b.name === 'SEND_EMAIL') ? { send() {} } : undefined };

  // The Worker's own validation (worker/env.ts), bundled for Node.
  const { build } = await import('esbuild');
  const envModule = join(work, 'env.mjs');
  await build({ entryPoints: ['worker/env.ts'], bundle: true, platform: 'node', format: 'esm', outfile: envModule, logLevel: 'error' });
  const { readConfig } = await import(pathToFileURL(envModule).href);
  try {
    readConfig({ ...vars, ...secrets, ...bindings });
  } catch (error) {
    const listed = /Invalid configuration: (.*)\. See README/.exec(error.message)?.[1] ?? error.message;
    for (const problem of listed.split(/; (?=[A-Z][A-Z0-9_]* )/)) problems.push(problem);
  }
  if (vars.APP_ENV !== 'production') problems.push(`APP_ENV is ${vars.APP_ENV}, not production`);
  for (const name of DEV_ONLY.filter((name) => name in vars)) problems.push(`${name} is set in [vars]; it is for local runs only`);
  for (const db of built.d1_databases ?? []) {
    if (!db.database_id || /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(db.database_id)) {
      problems.push(
        `D1 ${db.binding}: database_id is the placeholder; paste the id \`wrangler d1 create ${db.database_name}\` printed into wrangler.toml`,
      );
    }
  }
  for (const [name, value] of Object.entries(vars)) {
    if (typeof value === 'string' && /(^|[@.\s])example(\.|\s|,|$)|faxflow\.example|Example Street|Example, Inc/i.test(value)) {
      problems.push(`${name} is still the example value (${value}); set your own in wrangler.toml`);
    }
  }
}

if (problems.length > 0) {
  console.log(`\nNot ready for production (${problems.length}):`);
  for (const problem of problems) console.log(`  - ${problem}`);
  console.log('See docs/deploy.md.');
  process.exit(1);
}
console.log(
  flag('--limits-only')
    ? '\nWithin the Workers limits (configuration not checked: --limits-only).'
    : '\nReady for production: within the limits and configured.',
);
