// npm run dev: the Astro dev server (hot reload) with the Worker and every binding in workerd,
// on the same local state as npm start.
import { ensureDevVars, run } from './local-env.mjs';

ensureDevVars();
await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local']);
await run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--file', 'scripts/seed/local-number-pool.sql']);
await run('npx', ['astro', 'dev', ...process.argv.slice(2)]);
