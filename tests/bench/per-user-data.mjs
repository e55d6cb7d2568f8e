// What one user's faxes cost where they live (docs/decisions/023): D1 keeps who owns a
// fax, its carrier ids and its ledger row; the rest is in the user's own store, the SQLite database
// of their UserHub object. Prints rows written per send and per receive in each, bytes per fax in
// each, sends per second for one user and for 50 users at once, and history and dashboard reads at
// 2 and 100,000 faxes. It runs the built product on its own state and stops it between phases to
// work on the SQLite files directly (tests/bench/local-state.mjs): row-counting triggers in D1's
// file and in the users' store files, and a 100,000-fax history cloned from real delivered faxes
// (tests/bench/history-clone.mjs). Figures only.
//   node tests/bench/per-user-data.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalServer } from '../support/local-server.mjs';
import { accountWithNumber, sendOne, signUp, uploadOnePage } from './bench-accounts.mjs';
import { ratioTo, stats, timeInTurn } from './figures.mjs';
import { cloneHistoryInD1, cloneHistoryInStore } from './history-clone.mjs';
import {
  d1File,
  describeWrites,
  installWriteCounters,
  readWriteCounters,
  removeWriteCounters,
  storeOfUser,
  sumOverStores,
  tableBytes,
  withFile,
  writesPerFax,
} from './local-state.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
// The simulated fax network at full speed: what is measured is our own pipeline, not the line.
process.env.LOOPBACK_MS_PER_PAGE ??= '0';
// No local cron: its billing rounds would add D1 writes that no send made.
process.env.LOCAL_CRON_SECONDS ??= '0';
const OUTSIDE_NUMBER = '+1 312 555 0190'; // delivered by the loopback network, nobody's here
const SENDS = 500;
const AT_ONCE = 50;
const RECEIVES = 50;
const HISTORY = 100_000;
const STORE_FAX_TABLES = ['faxes', 'fax_attempts', 'fax_events', 'credit_ledger', 'carrier_receipts'];
const D1_FAX_TABLES = ['fax_owners', 'carrier_fax_ids', 'fax_ledger', 'fax_ledger_periods', 'fax_ledger_batches', 'mailed_faxes'];

const progress = (step) => process.stderr.write(`[store bench] ${step}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, check, timeoutMs = 300_000) {
  progress(`waiting for ${what}`);
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
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

/** Faxes that have ended, over every user's store. */
const faxesDone = (stateDir) =>
  sumOverStores(stateDir, "SELECT COUNT(*) AS n FROM faxes WHERE status IN ('DELIVERED', 'FAILED', 'RECEIVED')");

/** Waits for `expected` faxes ended, then refuses any that failed: the figures are of faxes that went through. */
async function waitForFaxes(stateDir, what, expected) {
  await waitFor(what, () => faxesDone(stateDir) >= expected);
  const failed = sumOverStores(stateDir, "SELECT COUNT(*) AS n FROM faxes WHERE status = 'FAILED'");
  if (failed > 0) throw new Error(`${failed} faxes failed; the bench measures faxes that are delivered`);
}

/** The counters of every watched file, once no row has been written for a while (the last ledger rows land after the fax ends). */
async function settledCounters(files) {
  const read = () => files.map((file) => readWriteCounters(file));
  const sum = (readings) => readings.reduce((s, m) => s + [...(m ?? new Map()).values()].reduce((a, b) => a + b, 0), 0);
  let last = read();
  for (let quiet = 0; quiet < 4; ) {
    await sleep(500);
    const now = read();
    quiet = now.every(Boolean) && sum(now) === sum(last) ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

/** Has each user's object started (and made, the first time, the user's store). */
async function wake(base, users) {
  for (const user of users) await timeEach(1, () => fetch(`${base}/api/sendStatus`, { headers: user.headers }));
}

/** The id of the account signed up under `label` (bench-accounts.mjs e-mails: bench-<label>-<time>@…). */
function userIdOf(stateDir, label) {
  return withFile(d1File(stateDir), (db) => db.prepare('SELECT id FROM users WHERE email LIKE ?').get(`bench-${label}-%`).id, {
    readOnly: true,
  });
}

/** The cursor of the last history page (30 then 20 a page, newest first), read from the store. */
function lastPage(db) {
  const scope = "direction = 'SEND' AND trashed_at IS NULL";
  const total = db.prepare(`SELECT COUNT(*) AS n FROM faxes WHERE ${scope}`).get().n;
  const size = (total - 30) % 20 || 20;
  const row = db.prepare(`SELECT start, id FROM faxes WHERE ${scope} ORDER BY start DESC, id DESC LIMIT 1 OFFSET ?`).get(total - size - 1);
  return { cursor: Buffer.from(`${row.start}:${row.id}`).toString('base64url'), size };
}

/** Bytes and rows per fax of `tables` over `faxes`: { perFax, detail }. */
function perFax(db, tables, faxes) {
  const bytes = tableBytes(db, tables);
  const total = [...bytes.values()].reduce((sum, b) => sum + b.pages, 0);
  const detail = tables.map((t) => {
    const rows = db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get().n / faxes;
    return `${t} ${Math.round(bytes.get(t).pages / faxes)} B in ${rows.toFixed(1)} rows`;
  });
  return { perFax: total / faxes, detail: detail.join(' · ') };
}

export async function benchPerUserData() {
  const stateDir = mkdtempSync(join(tmpdir(), 'fax-bench-store-'));
  let server = null;
  const start = async () => {
    server = await startLocalServer({ port: PORT, label: 'store-bench', stateDir });
    return server.url;
  };
  const rows = [];
  try {
    // Phase 0: accounts, documents and the history user's first 2 faxes, through the API.
    let base = await start();
    progress('accounts');
    const sender = await accountWithNumber(base, 'store-sender', '212', 'PRO');
    const receiver = await accountWithNumber(base, 'store-receiver', '312');
    const history = { headers: await signUp(base, 'store-history') };
    // The dashboard at 2 faxes, timed in turn with the one at 100,000 on the same server.
    const small = { headers: await signUp(base, 'store-small') };
    const many = [];
    for (let i = 0; i < AT_ONCE; i++) many.push({ headers: await signUp(base, `store-${i}`) });
    progress('documents');
    sender.fileId = await uploadOnePage(base, sender.headers);
    history.fileId = await uploadOnePage(base, history.headers);
    small.fileId = await uploadOnePage(base, small.headers);
    for (const user of many) user.fileId = await uploadOnePage(base, user.headers);
    for (const user of [history, small]) for (let i = 0; i < 2; i++) await sendOne(base, user, OUTSIDE_NUMBER, user.fileId);
    await waitForFaxes(stateDir, 'the first faxes', 4);
    // The stores whose rows are counted must exist before the server stops.
    await wake(base, [sender, receiver, history]);
    const files = {
      d1: d1File(stateDir),
      sender: storeOfUser(stateDir, userIdOf(stateDir, 'store-sender')),
      receiver: storeOfUser(stateDir, userIdOf(stateDir, 'store-receiver')),
      history: storeOfUser(stateDir, userIdOf(stateDir, 'store-history')),
    };
    await server.stop();
    progress('row counters');
    const watched = [files.d1, files.sender, files.receiver];
    for (const file of watched) installWriteCounters(file);

    // Phase 1: sends. One user with 500 at 50 at once, then 50 users with 10 each, all at once.
    base = await start();
    let [d1Before, senderBefore, receiverBefore] = await settledCounters(watched);
    // Every sender's object is started first: the rates are of sends, not of objects waking up.
    await wake(base, [sender, ...many]);
    let done = faxesDone(stateDir);
    const oneUserSeconds = await inParallel(SENDS, AT_ONCE, () => sendOne(base, sender, OUTSIDE_NUMBER, sender.fileId));
    await waitForFaxes(stateDir, `${SENDS} faxes delivered`, done + SENDS);
    let [d1After, senderAfter, receiverAfter] = await settledCounters(watched);
    const sendD1 = writesPerFax(d1Before, d1After, SENDS);
    const sendStore = writesPerFax(senderBefore, senderAfter, SENDS);

    done = faxesDone(stateDir);
    const manySeconds = await inParallel(AT_ONCE, AT_ONCE, async (i) => {
      for (let k = 0; k < SENDS / AT_ONCE; k++) await sendOne(base, many[i], OUTSIDE_NUMBER, many[i].fileId);
    });
    await waitForFaxes(stateDir, `${SENDS} more faxes delivered`, done + SENDS);

    // Phase 2: receives. Faxes to the receiver's number: each is a send (the sender's store) and a
    // receive (the receiver's store); D1's rows of both are told apart by taking off a send's.
    [d1Before, senderBefore, receiverBefore] = await settledCounters(watched);
    done = faxesDone(stateDir);
    await inParallel(RECEIVES, 10, () => sendOne(base, sender, receiver.number, sender.fileId));
    await waitForFaxes(stateDir, `${RECEIVES} faxes received`, done + 2 * RECEIVES);
    [d1After, senderAfter, receiverAfter] = await settledCounters(watched);
    const bothD1 = writesPerFax(d1Before, d1After, RECEIVES);
    const receiveStore = writesPerFax(receiverBefore, receiverAfter, RECEIVES);
    const sendStoreAgain = writesPerFax(senderBefore, senderAfter, RECEIVES);
    await server.stop();

    // Phase 3: a 100,000-fax history for one user, then bytes per fax where each part is kept.
    progress(`a ${HISTORY}-fax history`);
    for (const file of watched) removeWriteCounters(file);
    const clones = withFile(files.history, (db) => cloneHistoryInStore(db, HISTORY));
    withFile(files.d1, (db) => cloneHistoryInD1(db, clones));
    const { store, page } = withFile(files.history, (db) => {
      const faxes = db.prepare('SELECT COUNT(*) AS n FROM faxes').get().n;
      return { store: { faxes, ...perFax(db, STORE_FAX_TABLES, faxes) }, page: lastPage(db) };
    });
    const d1 = withFile(files.d1, (db) => {
      // Per fax of the history and per fax received (D1 keeps no row of either since decision 042).
      const faxes = store.faxes;
      const received = RECEIVES;
      const inbound = tableBytes(db, ['carrier_inbound_events']).get('carrier_inbound_events');
      const inboundRows = db.prepare('SELECT COUNT(*) AS n FROM carrier_inbound_events').get().n;
      return {
        faxes,
        ...perFax(db, D1_FAX_TABLES, faxes),
        received,
        inboundPerReceive: inbound.used / received,
        inboundRows: inboundRows / received,
      };
    });

    base = await start();
    const lastPageUrl = `${base}/api/faxes?direction=SEND&cursor=${page.cursor}`;
    const last = await (await fetch(lastPageUrl, { headers: history.headers })).json();
    if (last.faxes?.length !== page.size || last.nextCursor !== null || last.total !== HISTORY) {
      throw new Error(`the last page is not what the store holds: ${JSON.stringify({ ...last, faxes: last.faxes?.length })}`);
    }
    const times = await timeInTurn(30, {
      firstPage: () => fetch(`${base}/api/faxes?direction=SEND`, { headers: history.headers }),
      lastPage: () => fetch(lastPageUrl, { headers: history.headers }),
      dashboardSmall: () => fetch(`${base}/dashboard`, { headers: small.headers }),
      dashboardLarge: () => fetch(`${base}/dashboard`, { headers: history.headers }),
    });
    await server.stop();

    rows.push(
      ['store: D1 rows written per send (to delivered)', `${sendD1.total.toFixed(1)} (${describeWrites(sendD1.rows)})`],
      ['store: user store rows written per send', `${sendStore.total.toFixed(1)} (${describeWrites(sendStore.rows)})`],
      [
        'store: D1 rows written per receive',
        `${(bothD1.total - sendD1.total).toFixed(1)} (send + receive, less a send's ${sendD1.total.toFixed(1)}: ${describeWrites(bothD1.rows)})`,
      ],
      [
        'store: user store rows written per receive',
        `${receiveStore.total.toFixed(1)} (${describeWrites(receiveStore.rows)}; the sender's store ${sendStoreAgain.total.toFixed(1)} a send)`,
      ],
      ['store: bytes per fax in the user store', `${Math.round(store.perFax)} B over ${store.faxes} faxes (${store.detail})`],
      ['store: bytes per fax kept in D1', `${Math.round(d1.perFax)} B over ${d1.faxes} faxes (${d1.detail})`],
      [
        'store: D1 bytes per received fax, inbound events',
        `${Math.round(d1.inboundPerReceive)} B used in ${d1.inboundRows.toFixed(1)} carrier_inbound_events rows (over ${d1.received} received faxes)`,
      ],
      [
        'store: sends accepted, 1 user, 50 at once',
        `${(SENDS / oneUserSeconds).toFixed(0)} /s (${SENDS} in ${oneUserSeconds.toFixed(1)} s)`,
      ],
      ['store: sends accepted, 50 users at once', `${(SENDS / manySeconds).toFixed(0)} /s (${SENDS} in ${manySeconds.toFixed(1)} s)`],
      [`store: history page 1 at ${HISTORY} faxes`, stats(times.firstPage)],
      [`store: history last page at ${HISTORY} faxes`, `${stats(times.lastPage)} · ${ratioTo(times.lastPage, times.firstPage, 'page 1')}`],
      ['store: /dashboard at 2 faxes', stats(times.dashboardSmall)],
      [
        `store: /dashboard at ${HISTORY} faxes`,
        `${stats(times.dashboardLarge)} · ${ratioTo(times.dashboardLarge, times.dashboardSmall, 'at 2 faxes')}`,
      ],
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
