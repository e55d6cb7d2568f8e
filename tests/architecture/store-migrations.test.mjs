// The user's store carries its migrations as strings (worker/db/store/migrations.ts, written by
// scripts/store-migrations.mjs); this fails when a migration was generated or changed without
// writing that module again, which would ship a Worker that never applies it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { storeMigrationsModule } from '../../scripts/store-migrations.mjs';

test("worker/db/store/migrations.ts carries every migration of the user's store, as generated", () => {
  assert.equal(
    readFileSync('worker/db/store/migrations.ts', 'utf8'),
    storeMigrationsModule(),
    'worker/db/store/migrations.ts is out of date: run `npm run db:generate:store` (or `node scripts/store-migrations.mjs`)',
  );
});
