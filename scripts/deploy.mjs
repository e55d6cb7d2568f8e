// npm run deploy: the one way to put the product on Cloudflare (docs/deploy.md), in this order:
//   1. npm run check:production -- --out dist --account: builds into dist/ (what step 3 uploads),
//      checks the limits, the configuration and the account's secrets; stops here on any problem;
//   2. wrangler d1 migrations apply DB --remote: the database first, so the new code never meets an
//      old schema (migrations only add; a backup is taken before they apply);
//   3. wrangler deploy: the Worker, its static assets, queues consumers, cron and Durable Objects.
// Needs `npx wrangler login` (or CLOUDFLARE_API_TOKEN). Refuses to run under a test runner or CI
// that has not asked for it (DEPLOY=1), so no test run can ever deploy.
import { spawn } from 'node:child_process';

if (process.env.VITEST || process.env.NODE_ENV === 'test' || (process.env.CI && process.env.DEPLOY !== '1')) {
  console.error('npm run deploy refuses to run under tests or CI (set DEPLOY=1 in a CI deploy job).');
  process.exit(1);
}

function run(command, args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited ${code}; nothing after it ran`)),
    );
  });
}

try {
  await run('node', ['scripts/check-production.mjs', '--out', 'dist', '--account']);
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--remote']);
  await run('npx', ['wrangler', 'deploy']);
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}
