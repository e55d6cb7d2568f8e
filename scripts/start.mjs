// npm start: build the site, bring the local database up to date, and serve everything (site, API,
// live updates, queues) through wrangler dev on local state in .wrangler/ — no account, no internet.
//   PORT        port to listen on (default 8787)
//   STATE_DIR   where local D1/R2/Durable Object/Queue state lives (default .wrangler/state)
//   SKIP_BUILD  set to 1 to serve the last build as it is
//   RATE_LIMIT_MULTIPLIER  raise every abuse limit n-fold (browser tests; refused in production)
//   PASSWORD_HASHING  `fast-for-tests`: a low scrypt work factor for new passwords (browser tests; refused in production)
//   LOOPBACK_MS_PER_PAGE, FAX_RETRY_BASE_SECONDS  a faster simulated fax network (browser tests)
//   LOCAL_CRON_SECONDS  how often the cron runs locally (default 60; 0 = never)
//   INSPECTOR_PORT  where the Worker's inspector listens (default: any free port; the large-fax bench reads memory there)
import { spawn } from 'node:child_process';
import { ensureDevVars, OFFLINE_ENV, run } from './local-env.mjs';

const port = process.env.PORT ?? '8787';
const persist = process.env.STATE_DIR ? ['--persist-to', process.env.STATE_DIR] : [];
// Test knobs passed through to the Worker when set (tests/e2e/run.mjs sets them).
const PASSED_VARS = ['RATE_LIMIT_MULTIPLIER', 'PASSWORD_HASHING', 'LOOPBACK_MS_PER_PAGE', 'FAX_RETRY_BASE_SECONDS'];
const vars = PASSED_VARS.flatMap((name) => (process.env[name] ? ['--var', `${name}:${process.env[name]}`] : []));
// Links in mails (e.g. "Read the fax") point at this local server.
vars.push('--var', `PUBLIC_ORIGIN:${process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`}`);

ensureDevVars();
if (process.env.SKIP_BUILD !== '1') await run('npx', ['astro', 'build']);
await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persist]);
await run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--file', 'scripts/seed/local-number-pool.sql', ...persist]);

console.log(`\nStarting the fax service on http://localhost:${port}\n`);
const server = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--port',
    port,
    '--ip',
    'localhost',
    '--inspector-port',
    process.env.INSPECTOR_PORT ?? '0',
    '--show-interactive-dev-session=false',
    '--test-scheduled',
    ...persist,
    ...vars,
  ],
  {
    stdio: 'inherit',
    // Wrangler's local observability streams every invocation to a collector on the Worker's own
    // thread (seconds of it while a 50 MB fax goes through, decision 041); X_LOCAL_OBSERVABILITY=true
    // brings it back.
    env: { ...process.env, ...OFFLINE_ENV, X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// wrangler dev never fires cron triggers by itself; without this, trial ends, renewals, reminder
// mails, number releases and abandoned incoming calls would wait for a page to ask. Wrangler's
// local /cdn-cgi/handler/scheduled route runs the scheduled handler as Cloudflare's cron would.
const cronSeconds = Number(process.env.LOCAL_CRON_SECONDS ?? '60');
if (cronSeconds > 0) {
  const cronUrl = `http://localhost:${port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('*/15 * * * *')}`;
  const timer = setInterval(() => {
    fetch(cronUrl).catch(() => {
      // The server is still starting or shutting down: the next tick tries again.
    });
  }, cronSeconds * 1000);
  server.on('exit', () => clearInterval(timer));
}
