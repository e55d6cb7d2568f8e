import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Each test file gets its own isolated storage; migrations are applied to it before the tests run.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
