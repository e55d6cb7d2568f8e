// The SQLite files of a local server's state, read and changed by the benchmarks while (or, for
// changes, only while) the server is stopped. Miniflare keeps D1 as one SQLite file under
// v3/d1/miniflare-D1DatabaseObject/, and each Durable Object's storage as one file under
// v3/do/<worker>-<class>/, so each user's own store (decision 023) is a file of UserHub's folder.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The .sqlite files of a folder but miniflare's own metadata.sqlite. */
function sqliteFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite')
    .map((name) => join(dir, name));
}

/** The D1 database file of the local state. */
export function d1File(stateDir) {
  const [file] = sqliteFiles(join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject'));
  if (!file) throw new Error(`no D1 database under ${stateDir}`);
  return file;
}

/** Every user store (UserHub object) there is so far. */
export function storeFiles(stateDir) {
  const doDir = join(stateDir, 'v3', 'do');
  const hub = existsSync(doDir) ? readdirSync(doDir).find((name) => name.endsWith('-UserHub')) : undefined;
  return hub ? sqliteFiles(join(doDir, hub)) : [];
}

/** Opens a file for `work`; read-only ones may be read while the server runs. */
export function withFile(file, work, { readOnly = false } = {}) {
  const db = new DatabaseSync(file, { readOnly });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The store of each user, by the owner the store records (store_facts, decision 023). */
export function storeOfUser(stateDir, userId) {
  const file = storeFiles(stateDir).find(
    (f) => withFile(f, (db) => db.prepare("SELECT value FROM store_facts WHERE key = 'owner'").get()?.value, { readOnly: true }) === userId,
  );
  if (!file) throw new Error(`no store for user ${userId}`);
  return file;
}

/**
 * Sums one `SELECT … AS n` over every user store, each opened read-only while the server runs. A
 * store busy at that instant (or not migrated yet) counts as 0 this time: callers poll.
 */
export function sumOverStores(stateDir, sql) {
  let sum = 0;
  for (const file of storeFiles(stateDir)) {
    try {
      sum += withFile(file, (db) => db.prepare(sql).get().n, { readOnly: true });
    } catch {
      // read again on the next poll
    }
  }
  return sum;
}

// The product's tables: not SQLite's, Cloudflare's (_cf_*), miniflare's or drizzle's (__*), D1's
// migration list, nor the counters themselves.
const PRODUCT_TABLES = `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
  AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' AND name NOT IN ('bench_row_writes', 'd1_migrations')`;

/**
 * Triggers that count every row inserted, updated or deleted in each of the file's product tables
 * (a row counts whatever statement wrote it). workerd runs them in Durable Object files as SQLite
 * does in D1's: they are plain triggers on tables the object may write.
 */
export function installWriteCounters(file) {
  withFile(file, (db) => {
    db.exec('CREATE TABLE IF NOT EXISTS bench_row_writes (tbl TEXT NOT NULL, op TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tbl, op))');
    for (const { name: table } of db.prepare(PRODUCT_TABLES).all()) {
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        db.exec(
          `CREATE TRIGGER IF NOT EXISTS bench_count_${table}_${op} AFTER ${op} ON "${table}" FOR EACH ROW BEGIN
             INSERT INTO bench_row_writes (tbl, op, n) VALUES ('${table}', '${op}', 1) ON CONFLICT (tbl, op) DO UPDATE SET n = n + 1;
           END`,
        );
      }
    }
  });
}

export function removeWriteCounters(file) {
  withFile(file, (db) => {
    for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'bench_count_%'").all()) {
      db.exec(`DROP TRIGGER "${name}"`);
    }
    db.exec('DROP TABLE IF EXISTS bench_row_writes');
  });
}

/** The counts so far ("faxes UPDATE" → n), read while the server runs; a busy file reads as null. */
export function readWriteCounters(file) {
  try {
    return withFile(
      file,
      (db) =>
        new Map(
          db
            .prepare('SELECT tbl, op, n FROM bench_row_writes')
            .all()
            .map(({ tbl, op, n }) => [`${tbl} ${op}`, n]),
        ),
      { readOnly: true },
    );
  } catch {
    return null;
  }
}

/** Rows written between two readings, per fax, largest first: { total, detail: "faxes update 5.0 · …" }. */
export function writesPerFax(before, after, faxes) {
  const rows = [];
  let total = 0;
  for (const [key, n] of after) {
    const delta = n - (before.get(key) ?? 0);
    if (delta > 0) rows.push([key.toLowerCase(), delta / faxes]);
    total += delta;
  }
  rows.sort((a, b) => b[1] - a[1]);
  return { total: total / faxes, rows };
}

/** "faxes update 5.0 · fax_events insert 4.0" */
export function describeWrites(rows) {
  return rows.map(([key, n]) => `${key} ${n.toFixed(n < 0.1 ? 3 : 1)}`).join(' · ') || 'none';
}

/**
 * Each table's bytes with its indexes, from SQLite's dbstat: `pages`, whole pages as the file holds
 * them, and `used`, without their free space (fairer for a table of a few rows).
 */
export function tableBytes(db, tables) {
  const bytes = new Map();
  for (const table of tables) {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE tbl_name = ? AND type IN ('table', 'index')").all(table);
    const sum = { pages: 0, used: 0 };
    for (const { name } of names) {
      const row = db
        .prepare('SELECT COALESCE(SUM(pgsize), 0) AS pages, COALESCE(SUM(pgsize - unused), 0) AS used FROM dbstat WHERE name = ?')
        .get(name);
      sum.pages += row.pages;
      sum.used += row.used;
    }
    bytes.set(table, sum);
  }
  return bytes;
}
