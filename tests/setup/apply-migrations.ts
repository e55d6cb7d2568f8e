import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Test files share one workerd and one D1: isolation is off, because starting a fresh Worker for
// each of 80 files cost three quarters of the run (see decision 005). Each file still starts from
// the world it was written for: the first file applies the migrations (with the options they seed)
// and the local number pool, and that state is kept; every later file gets exactly it back.
type Row = Record<string, unknown>;
type World = { table: string; rows: Row[] }[];
const kept = globalThis as { seededWorld?: World };

async function tableNames(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  return results.map(({ name }) => name);
}

async function seedWorld(): Promise<World> {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // The local number pool npm start seeds (scripts/seed/local-number-pool.sql), one INSERT at a time.
  const statements = env.LOCAL_NUMBER_POOL_SQL.split(/;\s*\n/)
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter(Boolean);
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
  const world: World = [];
  for (const table of await tableNames()) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${table}"`).all<Row>();
    if (results.length > 0) world.push({ table, rows: results });
  }
  return world;
}

function insert(table: string, row: Row) {
  const columns = Object.keys(row);
  const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  return env.DB.prepare(sql).bind(...columns.map((c) => row[c]));
}

/** Empties every table and puts the seeded rows back, in one transaction checked at its end. */
async function restoreWorld(world: World) {
  await env.DB.batch([
    env.DB.prepare('PRAGMA defer_foreign_keys = on'),
    ...(await tableNames()).map((table) => env.DB.prepare(`DELETE FROM "${table}"`)),
    ...world.flatMap(({ table, rows }) => rows.map((row) => insert(table, row))),
  ]);
}

if (kept.seededWorld) await restoreWorld(kept.seededWorld);
else kept.seededWorld = await seedWorld();
