import { defineConfig } from 'drizzle-kit';

// The schema of each user's own store, the SQLite database of their Durable Object
// (docs/decisions/023). `npm run db:generate:store` writes a migration here and the module that
// carries every migration into the Worker (worker/db/store/migrations.ts); the object applies the
// ones it has not seen when it starts. Never edit one once applied.
export default defineConfig({
  dialect: 'sqlite',
  driver: 'durable-sqlite',
  schema: './worker/db/store/schema.ts',
  out: './worker/db/store/migrations',
});
