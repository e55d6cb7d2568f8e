// Whether the per-user store scales (issue 30, decision 043): what one sent and one received fax
// leave in the global D1 (rows written, bytes kept), how many calls to the user's object and D1
// round trips each hot path makes (counted by tests/integration/object-calls.test.ts, whose lines
// are read here), and sends accepted for 1, 10 and 50 users sending at once, beside a model of the
// deployed case: objects are independent, so capacity is users × one object's measured rate until
// a shared piece (D1) is the limit. Figures only.
//   node tests/bench/store-scale.mjs        (BENCH_PORT, default 8796; needs `npx astro build`)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalServer } from '../support/local-server.mjs';
import { accountWithNumber, sendOne, signUp, uploadOnePage } from './bench-accounts.mjs';
import {
  d1File,
  describeWrites,
  installWriteCounters,
  readWriteCounters,
  sumOverStores,
  tableBytes,
  withFile,
  writesPerFax,
} from './local-state.mjs';
import { d1Model, modelRows } from './store-model.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8796);
// The simulated fax network at full speed, and no local cron (its billing would write to D1).
process.env.LOOPBACK_MS_PER_PAGE ??= '0';
process.env.LOCAL_CRON_SECONDS ??= '0';
const OUTSIDE_NUMBER = '+1 312 555 0190'; // delivered by the loopback network, nobody's here
// Free accounts hold 10 credits: the 10 users send 10 each, and the 50 are other accounts.
const SENDS = 100;
const IN_FLIGHT = 50;
const USERS = [1, 10, 50];
const RECEIVES = 40;

const progress = (step) => process.stderr.write(`[store-scale bench] ${step}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const faxesEnded = (stateDir) =>
  sumOverStores(stateDir, "SELECT COUNT(*) AS n FROM faxes WHERE status IN ('DELIVERED', 'FAILED', 'RECEIVED')");

async function waitForFaxes(stateDir, expected) {
  const deadline = Date.now() + 300_000;
  while (faxesEnded(stateDir) < expected) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expected} faxes to end`);
    await sleep(250);
  }
}

// The local stand-in for the mail provider (MAIL_PROVIDER=outbox) keeps each mail in D1; deployed,
// a mail leaves and nothing of it stays, so its rows and bytes are no cost of a fax.
const LOCAL_ONLY_TABLES = ['outbox'];
const withoutLocalOnly = (counters) => counters && new Map([...counters].filter(([key]) => !LOCAL_ONLY_TABLES.includes(key.split(' ')[0])));

/** Bytes D1 keeps in its product tables (rows and indexes, without free space), read while the server runs. */
function d1Bytes(file) {
  return withFile(
    file,
    (db) => {
      const tables = db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT IN ('bench_row_writes', 'd1_migrations')",
        )
        .all()
        .map((row) => row.name);
      return [
        ...tableBytes(
          db,
          tables.filter((table) => !LOCAL_ONLY_TABLES.includes(table)),
        ).values(),
      ].reduce((sum, b) => sum + b.used, 0);
    },
    { readOnly: true },
  );
}

/** D1's row counters and bytes once nothing has been written for a while (a fax's last rows land after it ends). */
async function settledD1(file) {
  let last = readWriteCounters(file);
  for (let quiet = 0; quiet < 4; ) {
    await sleep(500);
    const now = readWriteCounters(file);
    const same = now && last && [...now].every(([k, n]) => last.get(k) === n) && now.size === last.size;
    quiet = same ? quiet + 1 : 0;
    last = now;
  }
  return { rows: withoutLocalOnly(last), bytes: d1Bytes(file) };
}

/** `total` sends shared out over `users`, IN_FLIGHT at once in all; answers sends accepted a second. */
async function sendsAccepted(base, users, total) {
  const inFlight = IN_FLIGHT / users.length;
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      let left = total / users.length;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (left > 0) {
            left -= 1;
            await sendOne(base, user, OUTSIDE_NUMBER, user.fileId);
          }
        }),
      );
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** The object-call and D1 lines object-calls.test.ts prints ("object calls per dispatch: 3 (…)"). */
function countedCalls() {
  progress('counting calls (tests/integration/object-calls.test.ts)');
  const out = execFileSync('npx', ['vitest', 'run', 'tests/integration/object-calls.test.ts'], { encoding: 'utf8', stdio: 'pipe' });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its output
  const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
  return [...plain.matchAll(/^(object calls|D1 round trips) per (\w+): (\d+)(.*)$/gm)].map(([, what, path, n, detail]) => ({
    what,
    path,
    n: Number(n),
    detail: detail.trim(),
  }));
}

export async function benchStoreScale() {
  const counted = countedCalls();
  const stateDir = mkdtempSync(join(tmpdir(), 'fax-bench-scale-'));
  let server = null;
  const start = async () => {
    server = await startLocalServer({ port: PORT, label: 'scale-bench', stateDir });
    return server.url;
  };
  try {
    let base = await start();
    progress('accounts and documents');
    const sender = await accountWithNumber(base, 'scale-sender', '212', 'PRO');
    const receiver = await accountWithNumber(base, 'scale-receiver', '312');
    const many = [];
    for (let i = 0; i < USERS.slice(1).reduce((a, b) => a + b, 0); i++) many.push({ headers: await signUp(base, `scale-${i}`) });
    for (const user of [sender, ...many]) user.fileId = await uploadOnePage(base, user.headers);
    const file = d1File(stateDir);
    await server.stop();
    installWriteCounters(file);
    base = await start();
    // Every object is started first: the rates are of sends, not of objects waking up.
    for (const user of [sender, receiver, ...many]) await fetch(`${base}/api/sendStatus`, { headers: user.headers }).then((r) => r.text());

    progress(`${SENDS} sends by one user: D1 rows and bytes`);
    let ended = faxesEnded(stateDir);
    let before = await settledD1(file);
    const rates = new Map();
    rates.set(1, await sendsAccepted(base, [sender], SENDS));
    ended += SENDS;
    await waitForFaxes(stateDir, ended);
    let after = await settledD1(file);
    const send = { rows: writesPerFax(before.rows, after.rows, SENDS), bytes: (after.bytes - before.bytes) / SENDS };

    progress(`${RECEIVES} faxes to a number of this instance`);
    before = after;
    for (let i = 0; i < RECEIVES; i += 10)
      await Promise.all(Array.from({ length: 10 }, () => sendOne(base, sender, receiver.number, sender.fileId)));
    ended += 2 * RECEIVES;
    await waitForFaxes(stateDir, ended);
    after = await settledD1(file);
    const both = { rows: writesPerFax(before.rows, after.rows, RECEIVES), bytes: (after.bytes - before.bytes) / RECEIVES };

    let taken = 0;
    for (const n of USERS.slice(1)) {
      progress(`${SENDS} sends by ${n} users at once`);
      rates.set(n, await sendsAccepted(base, many.slice(taken, taken + n), SENDS));
      taken += n;
      ended += SENDS;
      await waitForFaxes(stateDir, ended);
    }

    const rows = [];
    for (const { what, path, n, detail } of counted) rows.push([`scale: ${what} per ${path}`, `${n} ${detail}`]);
    rows.push(
      ['scale: D1 rows written per send', `${send.rows.total.toFixed(1)} (${describeWrites(send.rows.rows)})`],
      ['scale: D1 bytes kept per send', `${Math.round(send.bytes)} B`],
      [
        'scale: D1 rows written per receive',
        `${(both.rows.total - send.rows.total).toFixed(1)} (a send and a receive, less a send: ${describeWrites(both.rows.rows)})`,
      ],
      ['scale: D1 bytes kept per receive', `${Math.round(both.bytes - send.bytes)} B`],
    );
    for (const n of USERS)
      rows.push([`scale: sends accepted, ${n} user${n > 1 ? 's' : ''} at once`, `${rates.get(n).toFixed(0)} /s (${IN_FLIGHT} in flight)`]);
    const d1PerSend = counted.find((c) => c.what === 'D1 round trips' && c.path === 'send')?.n ?? 0;
    const d1PerDispatch = counted.find((c) => c.what === 'D1 round trips' && c.path === 'dispatch')?.n ?? 0;
    const d1PerWebhook = counted.find((c) => c.what === 'D1 round trips' && c.path === 'webhook')?.n ?? 0;
    // A delivered 1-page fax: the send, its dispatch and the loopback's 5 webhooks (queued … delivered).
    const model = d1Model({
      perObject: rates.get(1),
      d1QueriesPerFax: d1PerSend + d1PerDispatch + 5 * d1PerWebhook,
      d1BytesPerFax: send.bytes,
    });
    rows.push(...modelRows(model, USERS, rates));
    return rows;
  } finally {
    await server?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchStoreScale();
  console.log('\nStore scale (local wrangler dev, this machine, loopback at full speed)');
  for (const [name, figure] of rows) console.log(`  ${name.padEnd(52)} ${figure}`);
}
