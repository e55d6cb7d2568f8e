// History list and search at 100,000 faxes (decision 027): how long GET /api/faxes takes at page 1, at
// the last page and for a search (a whole number, part of one, a status, a week, all three), each
// beside page 1, and how many rows the user's store reads for each. The times come from the built
// product on its own state: one user sends two real faxes, the server stops, their store's SQLite
// file gets 100,000 more (tests/bench/history-shape.mjs) and the server starts again on it. The rows
// come from the same history built in a store inside workerd (tests/bench/history-rows.test.ts),
// where the Durable Object SQL cursor reports what each statement read. Figures only.
//   node tests/bench/history-search.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startLocalServer } from '../support/local-server.mjs';
import { ok, sendOne, signUp, uploadOnePage } from './bench-accounts.mjs';
import { ratioTo, stats, timeInTurn } from './figures.mjs';
import { benchFax, benchSearches, HISTORY, lastPageStartsAfter } from './history-shape.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const SAMPLES = 40;
// The simulated fax network at full speed: the two real faxes end at once.
process.env.LOOPBACK_MS_PER_PAGE ??= '0';
const OUTSIDE_NUMBER = '+1 312 555 0190';

const progress = (step) => process.stderr.write(`[history bench] ${step}\n`);

/** The SQLite file of the one user's store: the UserHub object that holds faxes. */
function storeFile(stateDir) {
  const dir = join(stateDir, 'v3', 'do', 'fax-service-UserHub');
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.sqlite'))) {
    const db = new DatabaseSync(join(dir, name), { readOnly: true });
    try {
      const hasFaxes = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'faxes'").get().n > 0;
      if (hasFaxes && db.prepare('SELECT COUNT(*) AS n FROM faxes').get().n > 0) return join(dir, name);
    } finally {
      db.close();
    }
  }
  throw new Error(`no user store with faxes under ${dir}`);
}

/**
 * Adds the history behind the user's own faxes (copies of a real one), counted in as the product
 * counts; answers the newest fax's start, the list's total and the cursor of its last page.
 */
function seedHistory(file) {
  const db = new DatabaseSync(file);
  try {
    const template = db.prepare("SELECT * FROM faxes WHERE direction = 'SEND' AND status = 'DELIVERED' LIMIT 1").get();
    const newest = db.prepare('SELECT MIN(start) AS t FROM faxes').get().t;
    const columns = Object.keys(template);
    const insert = db.prepare(`INSERT INTO faxes (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    db.exec('BEGIN');
    for (let i = 0; i < HISTORY; i++) {
      const fax = benchFax(i, newest);
      const row = {
        ...template,
        id: fax.id,
        remote_number: fax.remoteNumber,
        status: fax.status,
        start: fax.start,
        updated: fax.start,
        completed: fax.start,
      };
      insert.run(...columns.map((column) => row[column]));
    }
    db.prepare("UPDATE fax_counters SET total = total + ?, lifetime = lifetime + ? WHERE direction = 'SEND'").run(HISTORY, HISTORY);
    db.exec('COMMIT');
    const total = db.prepare("SELECT COUNT(*) AS n FROM faxes WHERE direction = 'SEND' AND trashed_at IS NULL").get().n;
    const before = db
      .prepare("SELECT start, id FROM faxes WHERE direction = 'SEND' AND trashed_at IS NULL ORDER BY start DESC, id DESC LIMIT 1 OFFSET ?")
      .get(lastPageStartsAfter(total));
    return { newest, total, lastCursor: Buffer.from(`${before.start}:${before.id}`).toString('base64url') };
  } finally {
    db.close();
  }
}

/** Runs `work` once the stopped server's workerd has let go of its files (it may take a moment to exit). */
async function whenUnlocked(work) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return work();
    } catch (error) {
      if (error?.errcode !== 5 || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Waits until the user's faxes have all been delivered. */
async function waitForFaxes(base, headers, count) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { faxes } = await ok(await fetch(`${base}/api/faxes?direction=SEND`, { headers }), 'faxes');
    if (faxes.length === count && faxes.every((fax) => fax.status === 'DELIVERED')) return;
    if (Date.now() > deadline) throw new Error('the first faxes did not end');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The rows-read half, inside workerd (tests/bench/history-rows.test.ts). */
function rowsRead() {
  progress('rows read, in workerd');
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/bench/vitest.history-rows.config.ts'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = /HISTORY_ROWS (\{.*\})/.exec(run.stdout ?? '');
  if (!line) throw new Error(`the rows-read run printed no figures:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(line[1]);
}

/** "rows read 4864 (numbers 4003, page 341, total 520) in 12 statements" */
function rowsText(figures) {
  if (!figures) return 'rows read —';
  const by = (...purposes) => figures.statements.filter((s) => purposes.includes(s.what)).reduce((sum, s) => sum + s.rowsRead, 0);
  const parts = [by('numbers') ? `numbers ${by('numbers')}` : null, `page ${by('page')}`, `total ${by('total', 'counters')}`];
  return `rows read ${by('numbers', 'page', 'total', 'counters')} (${parts.filter(Boolean).join(', ')}) in ${figures.statements.length} statements`;
}

export async function benchHistorySearch() {
  const stateDir = mkdtempSync(join(tmpdir(), 'fax-bench-history-'));
  let server = null;
  const start = async () => {
    server = await startLocalServer({ port: PORT, label: 'history-bench', stateDir });
    return server.url;
  };
  const rows = [];
  try {
    let base = await start();
    progress('one user and two real faxes');
    const user = { headers: await signUp(base, 'history-search') };
    const fileId = await uploadOnePage(base, user.headers);
    for (let i = 0; i < 2; i++) await sendOne(base, user, OUTSIDE_NUMBER, fileId);
    await waitForFaxes(base, user.headers, 2);
    await server.stop();

    progress(`a ${HISTORY}-fax history in the user's store`);
    const { newest, total, lastCursor } = await whenUnlocked(() => seedHistory(storeFile(stateDir)));
    base = await start();
    const list = `${base}/api/faxes?direction=SEND`;
    const searches = benchSearches(newest);
    const requests = { 'page 1': list, 'last page': `${list}&cursor=${lastCursor}` };
    for (const { label, query } of searches) requests[label] = `${list}&${new URLSearchParams(query)}`;
    // Also the warm-up: the object starts and reads its pages in once.
    const found = {};
    for (const [label, url] of Object.entries(requests))
      found[label] = (await ok(await fetch(url, { headers: user.headers }), label)).total;
    progress('timing');
    const calls = Object.fromEntries(Object.entries(requests).map(([label, url]) => [label, () => fetch(url, { headers: user.headers })]));
    const times = await timeInTurn(SAMPLES, calls);
    await server.stop();
    server = null;

    const read = rowsRead();
    const ratio = (label) => ratioTo(times[label], times['page 1'], 'page 1');
    rows.push([`history: ${total} faxes, page 1`, `${stats(times['page 1'])} · ${rowsText(read['page 1'])}`]);
    rows.push(['history: last page', `${stats(times['last page'])} · ${ratio('last page')} · ${rowsText(read['last page'])}`]);
    for (const { label } of searches) {
      rows.push([`search: ${label}`, `${stats(times[label])} · ${ratio(label)} · ${found[label]} found · ${rowsText(read[label])}`]);
    }
  } finally {
    await server?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('\nHistory list and search (local wrangler dev, this machine)');
  for (const [name, figure] of await benchHistorySearch()) console.log(`  ${name.padEnd(48)} ${figure}`);
}
