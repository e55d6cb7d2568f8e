// What one user's faxes cost the store they live in (issue 13, docs/decisions/023): rows written
// per send and per receive, bytes per fax with its indexes, sends per second for one user and for
// 50 users at once, and history and dashboard reads at 2 and 100,000 faxes. It runs the built
// product on its own state, stopping it between phases to work on the SQLite files directly:
// row-counting triggers on every table (SQLite counts each row written, whatever statement wrote
// it), and a 100,000-fax history cloned from a real delivered fax. Figures only.
//   node tests/bench/per-user-data.mjs
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startLocalServer } from '../support/local-server.mjs';
import { stats } from './figures.mjs';
import { accountWithNumber, sendOne, signUp, uploadOnePage } from './bench-accounts.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
// The simulated fax network at full speed: what is measured is our own pipeline, not the line.
process.env.LOOPBACK_MS_PER_PAGE ??= '0';
const OUTSIDE_NUMBER = '+1 312 555 0190'; // delivered by the loopback network, nobody's here
const SENDS = 500;
const AT_ONCE = 50;
const HISTORY = 100_000;
const FAX_TABLES = ['faxes', 'fax_attempts', 'fax_events', 'fax_ledger'];

/** The D1 database file of the local state (miniflare keeps one SQLite file per database). */
function d1File(stateDir) {
  const dir = join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return join(dir, file);
}

function withDb(stateDir, work) {
  const db = new DatabaseSync(d1File(stateDir));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Triggers that count every row inserted, updated or deleted in each of the product's tables. */
function installWriteCounters(db) {
  db.exec('CREATE TABLE IF NOT EXISTS bench_row_writes (tbl TEXT NOT NULL, op TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tbl, op))');
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT IN ('bench_row_writes', 'd1_migrations')",
    )
    .all()
    .map((row) => row.name);
  for (const table of tables) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(
        `CREATE TRIGGER IF NOT EXISTS bench_count_${table}_${op} AFTER ${op} ON "${table}" FOR EACH ROW BEGIN
           INSERT INTO bench_row_writes (tbl, op, n) VALUES ('${table}', '${op}', 1) ON CONFLICT (tbl, op) DO UPDATE SET n = n + 1;
         END`,
      );
    }
  }
}

function dropWriteCounters(db) {
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'bench_count_%'").all()) {
    db.exec(`DROP TRIGGER "${name}"`);
  }
}

function readWriteCounters(stateDir) {
  return withDb(stateDir, (db) => {
    const counts = new Map();
    for (const { tbl, op, n } of db.prepare('SELECT tbl, op, n FROM bench_row_writes').all()) counts.set(`${tbl} ${op}`, n);
    return counts;
  });
}

/** Rows written between two counter readings, per fax, largest first: "faxes UPDATE 3.0 · …". */
function writesPerFax(before, after, faxes) {
  const rows = [];
  let total = 0;
  for (const [key, n] of after) {
    const delta = n - (before.get(key) ?? 0);
    if (delta > 0) rows.push([key, delta / faxes]);
    total += delta;
  }
  rows.sort((a, b) => b[1] - a[1]);
  return { total: total / faxes, detail: rows.map(([key, n]) => `${key.toLowerCase()} ${n.toFixed(1)}`).join(' · ') };
}

function countWhere(stateDir, sql, ...params) {
  return withDb(stateDir, (db) => db.prepare(sql).get(...params).n);
}

const progress = (step) => process.stderr.write(`[store bench] ${step}\n`);

async function waitFor(what, check, timeoutMs = 300_000) {
  progress(`waiting for ${what}`);
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function timeEach(n, request) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await request();
    await response.text();
    if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Runs `work(i)` for i < total, `atOnce` at a time; answers the seconds it took. */
async function inParallel(total, atOnce, work) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < total) await work(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

function faxesDone(stateDir) {
  return countWhere(stateDir, "SELECT COUNT(*) AS n FROM faxes WHERE status IN ('DELIVERED', 'FAILED', 'RECEIVED')");
}

/**
 * Clones the user's delivered faxes (with their attempts, timeline and ledger rows) until the user
 * has `total` sent faxes, one a minute back in time: a history as the product would have written it.
 */
function seedHistory(db, userId, total) {
  const templates = db.prepare("SELECT * FROM faxes WHERE user_id = ? AND direction = 'SEND' AND status = 'DELIVERED'").all(userId);
  if (templates.length === 0) throw new Error('no delivered fax to clone');
  const insertOf = (table, row) => {
    const columns = Object.keys(row);
    return db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  };
  const children = (table, column, id) => db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).all(id);
  const plans = templates.map((fax) => ({
    fax,
    attempts: children('fax_attempts', 'fax_id', fax.id),
    events: children('fax_events', 'fax_id', fax.id),
    ledger: children('fax_ledger', 'fax_id', fax.id),
  }));
  const statements = {
    fax: insertOf('faxes', plans[0].fax),
    attempt: plans[0].attempts[0] && insertOf('fax_attempts', plans[0].attempts[0]),
    event: plans[0].events[0] && insertOf('fax_events', plans[0].events[0]),
    ledger: plans[0].ledger[0] && insertOf('fax_ledger', plans[0].ledger[0]),
  };
  const oldest = Math.min(...templates.map((fax) => fax.start));
  db.exec('BEGIN');
  for (let i = 0; i < total - templates.length; i++) {
    const plan = plans[i % plans.length];
    const id = `bench-${String(i).padStart(6, '0')}-${crypto.randomUUID().slice(0, 8)}`;
    const start = oldest - (i + 1) * 60_000;
    statements.fax.run(...Object.values({ ...plan.fax, id, start, updated: start, completed: start + 30_000 }));
    for (const a of plan.attempts) statements.attempt.run(...Object.values({ ...a, fax_id: id, carrier_fax_id: `${id}-${a.attempt}` }));
    for (const e of plan.events) statements.event.run(...Object.values({ ...e, id: crypto.randomUUID(), fax_id: id, at: start }));
    for (const l of plan.ledger) statements.ledger.run(...Object.values({ ...l, fax_id: id, created_at: start }));
  }
  db.exec('COMMIT');
}

/** Bytes of the fax tables and their indexes, per fax, and rows of each per fax. */
function bytesPerFax(db) {
  const faxes = db.prepare('SELECT COUNT(*) AS n FROM faxes').get().n;
  const names = db
    .prepare(
      `SELECT name, tbl_name FROM sqlite_master WHERE tbl_name IN (${FAX_TABLES.map(() => '?').join(', ')}) AND type IN ('table', 'index')`,
    )
    .all(...FAX_TABLES);
  let bytes = 0;
  const byTable = new Map(FAX_TABLES.map((t) => [t, 0]));
  for (const { name, tbl_name } of names) {
    const size = db.prepare('SELECT COALESCE(SUM(pgsize), 0) AS n FROM dbstat WHERE name = ?').get(name).n;
    bytes += size;
    byTable.set(tbl_name, byTable.get(tbl_name) + size);
  }
  const rows = FAX_TABLES.map((t) => `${t} ${(db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get().n / faxes).toFixed(1)} rows`);
  // The carrier's deliveries kept for de-duplication grow with every fax too; only faxes that went
  // through the carrier have them (not the cloned history).
  const carried = db.prepare("SELECT COUNT(*) AS n FROM faxes WHERE id NOT LIKE 'bench-%'").get().n;
  const dedupe = ['webhook_events', 'carrier_inbound_events']
    .flatMap((t) => db.prepare("SELECT name FROM sqlite_master WHERE tbl_name = ? AND type IN ('table', 'index')").all(t))
    .reduce((sum, { name }) => sum + db.prepare('SELECT COALESCE(SUM(pgsize), 0) AS n FROM dbstat WHERE name = ?').get(name).n, 0);
  const split = FAX_TABLES.map((t) => `${t} ${Math.round(byTable.get(t) / faxes)} B`);
  return { faxes, perFax: bytes / faxes, rows: rows.join(' · '), split: split.join(' · '), dedupePerFax: dedupe / carried, carried };
}

function lastPageCursor(db, userId) {
  // Pages are 30 then 20, newest first: the last page starts after the fax before its first row.
  const total = db.prepare("SELECT COUNT(*) AS n FROM faxes WHERE user_id = ? AND direction = 'SEND' AND trashed_at IS NULL").get(userId).n;
  const onLastPage = (total - 30) % 20 || 20;
  const row = db
    .prepare(
      "SELECT start, id FROM faxes WHERE user_id = ? AND direction = 'SEND' AND trashed_at IS NULL ORDER BY start DESC, id DESC LIMIT 1 OFFSET ?",
    )
    .get(userId, total - onLastPage - 1);
  return Buffer.from(`${row.start}:${row.id}`).toString('base64url');
}

export async function benchPerUserData() {
  const stateDir = mkdtempSync(join(tmpdir(), 'fax-bench-store-'));
  let server = null;
  const start = async () => {
    server = await startLocalServer({ port: PORT, label: 'store-bench', stateDir });
    return server;
  };
  const rows = [];
  try {
    // Phase 0: accounts and documents, made through the API; then the row counters go in.
    let base = (await start()).url;
    progress('accounts');
    const sender = await accountWithNumber(base, 'store-sender', '212', 'PRO');
    const receiver = await accountWithNumber(base, 'store-receiver', '312');
    const history = { headers: await signUp(base, 'store-history') };
    const many = [];
    for (let i = 0; i < AT_ONCE; i++) many.push({ headers: await signUp(base, `store-${i}`) });
    progress('documents');
    sender.fileId = await uploadOnePage(base, sender.headers);
    history.fileId = await uploadOnePage(base, history.headers);
    for (const user of many) user.fileId = await uploadOnePage(base, user.headers);
    for (let i = 0; i < 2; i++) await sendOne(base, history, OUTSIDE_NUMBER, history.fileId);
    await waitFor('the first faxes', () => faxesDone(stateDir) === 2);
    // The only faxes so far are the history user's.
    const historyUserId = withDb(stateDir, (db) => db.prepare('SELECT user_id FROM faxes LIMIT 1').get().user_id);
    await server.stop();
    progress('row counters');
    withDb(stateDir, installWriteCounters);

    // Phase 1: sends. One user with 500 at 50 at once, then 50 users with 10 each, all at once.
    base = (await start()).url;
    const dashboardSmall = await timeEach(30, () => fetch(`${base}/dashboard`, { headers: history.headers }));
    let counters = readWriteCounters(stateDir);
    let done = faxesDone(stateDir);
    const oneUserSeconds = await inParallel(SENDS, AT_ONCE, () => sendOne(base, sender, OUTSIDE_NUMBER, sender.fileId));
    await waitFor('500 faxes delivered', () => faxesDone(stateDir) === done + SENDS);
    const perSend = writesPerFax(counters, readWriteCounters(stateDir), SENDS);

    done = faxesDone(stateDir);
    const manySeconds = await inParallel(AT_ONCE, AT_ONCE, async (i) => {
      for (let k = 0; k < SENDS / AT_ONCE; k++) await sendOne(base, many[i], OUTSIDE_NUMBER, many[i].fileId);
    });
    await waitFor('500 more faxes delivered', () => faxesDone(stateDir) === done + SENDS);

    // Phase 2: receives. 50 faxes to a number here: each is a send and a receive.
    counters = readWriteCounters(stateDir);
    done = faxesDone(stateDir);
    await inParallel(50, 10, () => sendOne(base, sender, receiver.number, sender.fileId));
    await waitFor('50 faxes received', () => faxesDone(stateDir) === done + 100);
    const perSendAndReceive = writesPerFax(counters, readWriteCounters(stateDir), 50);
    await server.stop();

    // Phase 3: a 100,000-fax history for one user, then bytes per fax over every fax there is.
    progress(`a ${HISTORY}-fax history`);
    const sizes = withDb(stateDir, (db) => {
      dropWriteCounters(db);
      seedHistory(db, historyUserId, HISTORY);
      return bytesPerFax(db);
    });
    const cursor = withDb(stateDir, (db) => lastPageCursor(db, historyUserId));
    base = (await start()).url;
    const firstPage = await timeEach(30, () => fetch(`${base}/api/faxes?direction=SEND`, { headers: history.headers }));
    const lastPage = await timeEach(30, () => fetch(`${base}/api/faxes?direction=SEND&cursor=${cursor}`, { headers: history.headers }));
    const dashboardLarge = await timeEach(30, () => fetch(`${base}/dashboard`, { headers: history.headers }));
    await server.stop();

    rows.push(
      ['store: rows written per send (to delivered)', `${perSend.total.toFixed(1)} (${perSend.detail})`],
      [
        'store: rows written per receive',
        `${(perSendAndReceive.total - perSend.total).toFixed(1)} (send + receive: ${perSendAndReceive.detail})`,
      ],
      ['store: bytes per fax, rows and indexes', `${Math.round(sizes.perFax)} B over ${sizes.faxes} faxes (${sizes.split}; ${sizes.rows})`],
      [
        'store: bytes per fax of carrier de-duplication',
        `${Math.round(sizes.dedupePerFax)} B (webhook_events and carrier_inbound_events, over the ${sizes.carried} faxes that went through the carrier)`,
      ],
      [
        'store: sends accepted, 1 user, 50 at once',
        `${(SENDS / oneUserSeconds).toFixed(0)} /s (${SENDS} in ${oneUserSeconds.toFixed(1)} s)`,
      ],
      ['store: sends accepted, 50 users at once', `${(SENDS / manySeconds).toFixed(0)} /s (${SENDS} in ${manySeconds.toFixed(1)} s)`],
      [`store: history page 1 at ${HISTORY} faxes`, stats(firstPage)],
      [`store: history last page at ${HISTORY} faxes`, stats(lastPage)],
      ['store: /dashboard at 2 faxes', stats(dashboardSmall)],
      [`store: /dashboard at ${HISTORY} faxes`, stats(dashboardLarge)],
    );
  } finally {
    await server?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, figure] of await benchPerUserData()) console.log(`  ${name.padEnd(48)} ${figure}`);
}
