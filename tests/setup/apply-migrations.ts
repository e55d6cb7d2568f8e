import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Each test file gets its own isolated storage; migrations are applied to it before the tests run.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The local number pool npm start seeds (scripts/seed/local-number-pool.sql), one INSERT at a time.
const statements = env.LOCAL_NUMBER_POOL_SQL.split(/;\s*\n/)
  .map((statement) => statement.replace(/^--.*$/gm, '').trim())
  .filter(Boolean);
await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
