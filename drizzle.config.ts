import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (npm run db:generate), committed, and applied by
// wrangler in npm start / npm run dev and by the vitest setup in tests. Never edit one once applied.
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema/*.ts',
  out: './migrations',
});
