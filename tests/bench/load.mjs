// Load (decision 029): the running product driven by autocannon on password sign-in, verifyAuth,
// checkSubscriptionStatus (tests/integration/row-reads.test.ts), sendFax and the history list, each next to GET /api/ping
// (the same Worker doing no work of ours) measured just before it with the same connections, so a figure shows what the route itself
// costs. Every answer must be 2xx: the script exits 1 and names the status codes otherwise.
// Then the reads every signed-in page makes, each timed in turn with the no-op (figures.mjs's
// timeInTurn: whatever else the machine does weighs on all alike), as "0.62× ping": the goal is
// ≥ 0.5× for every read (decision 043).
//   node tests/bench/load.mjs            (BENCH_PORT, default 8798; needs `npx astro build`; ~65 s)
//
// The local server raises every abuse limit 50-fold (RATE_LIMIT_MULTIPLIER=50, refused in
// production) because all its requests come from this one address, and the bench prints so.
// Only sign-in needs it: its ~30 sign-ins in 6 s are the real per-address limit's whole 10 minutes.
//
// Measured on the 2-core development machine (wrangler dev, loopback carrier at full speed), two runs:
//   POST /api/login, 4 connections     4.8-5.3 req/s · p50 722-764 ms · p99 770-904 ms (ping beside
//                                      it 525-531 req/s · p99 19 ms): one scrypt (N=2^15, r=8, p=3)
//                                      is about 200 ms and workerd runs them one after another
//   POST /api/verifyAuth, 10           304-357 req/s · p50 26-31 ms · p99 54-65 ms (ping 463-595 req/s
//                                      · p99 36-49 ms)
//   POST /api/sendFax, 10, 200 sends   22-25 req/s · p50 360-406 ms · p99 647-727 ms (ping 549 req/s
//                                      · p99 52 ms); the 200 were delivered 4.3-4.4 s after the last
//                                      was accepted
//   GET /api/faxes (30 of 200), 10     190-195 req/s · p50 46-48 ms · p99 112-115 ms (ping 559-564
//                                      req/s · p99 45-57 ms)
// Non-2xx answers and connection errors: 0 in every run.
// Reads in turn with the no-op (2026-11-27, load 6–12, decision 043): verifyAuth 0.60×,
// checkSubscriptionStatus 0.51× (0.33× before its reads joined the session's batch), the history
// list 0.50×, sendStatus 0.54×, recentFaxes 0.50×, account 0.58×.
// After the session token's digest is remembered (2026-12-07, load 6, two runs): verifyAuth 0.64×,
// checkSubscriptionStatus 0.57/0.53×, the history list 0.55/0.56×, sendStatus 0.57/0.59×,
// recentFaxes 0.55/0.57×, account 0.58/0.62×.
import http from 'node:http';
import autocannon from 'autocannon';
import { startLocalServer } from '../support/local-server.mjs';
import { accountWithNumber, BENCH_PASSWORD, benchEmail, ok, signUp, uploadOnePage } from './bench-accounts.mjs';
import { loadFigures, median, stats, timeInTurn } from './figures.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const RATE_LIMIT_MULTIPLIER = 50;
// The simulated fax network at full speed: what is measured is our own pipeline, not the line.
process.env.LOOPBACK_MS_PER_PAGE ??= '0';
const SECONDS = Number(process.env.LOAD_SECONDS ?? 6);
// A fixed number of sends, so the PRO plan's 1,000 credits always cover them.
const SENDS = Number(process.env.LOAD_SENDS ?? 200);
const OUTSIDE_NUMBER = '+1 312 555 0190'; // delivered by the loopback network, nobody's here

const progress = (step) => process.stderr.write(`[load bench] ${step}\n`);

function run(base, { path, method = 'GET', headers = {}, body, connections, amount }) {
  return autocannon({
    url: `${base}${path}`,
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    connections,
    ...(amount ? { amount } : { duration: SECONDS }),
    renderProgressBar: false,
  });
}

/** Runs the no-op and then the route with the same connections; answers both results. */
async function pair(base, name, request) {
  progress(`${name}: the no-op, then the route (${request.connections} connections)`);
  const ping = await run(base, { path: '/api/ping', connections: request.connections });
  const route = await run(base, request);
  return { name, ping, route };
}

const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request on a kept-alive connection, answered as timeInTurn reads a fetch Response. Not
 * fetch: Node's fetch spends ~3 ms more on any answer with a body than on the no-op's bodiless 204
 * (measured here, issue 30), a cost of the client that would be counted against every route.
 */
function request(base, path, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: keptAlive },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          resolve({ ok, status: res.statusCode, text: async () => Buffer.concat(chunks).toString() });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The reads every signed-in page makes, each timed in turn with the no-op: "p50 … · 0.62× ping". */
async function readsBesideTheNoOp(base, headers) {
  progress('reads in turn with the no-op');
  const signedIn = { cookie: headers.cookie, origin: base };
  const samples = await timeInTurn(Number(process.env.LOAD_READ_TURNS ?? 200), {
    'GET /api/ping': () => request(base, '/api/ping'),
    'POST /api/verifyAuth': () => request(base, '/api/verifyAuth', { method: 'POST', headers: signedIn }),
    'GET /api/checkSubscriptionStatus': () => request(base, '/api/checkSubscriptionStatus', { headers: signedIn }),
    'GET /api/faxes?direction=SEND': () => request(base, '/api/faxes?direction=SEND', { headers: signedIn }),
    'GET /api/sendStatus': () => request(base, '/api/sendStatus', { headers: signedIn }),
    'GET /api/recentFaxes': () => request(base, '/api/recentFaxes', { headers: signedIn }),
    'GET /api/account': () => request(base, '/api/account', { headers: signedIn }),
  });
  const ping = median(samples['GET /api/ping']);
  return Object.entries(samples).map(([name, times]) => [
    `in turn: ${name}`,
    `${stats(times)} · ${(ping / median(times)).toFixed(2)}× ping`,
  ]);
}

/** Waits until the account has no fax still on its way; answers the seconds it took. */
async function waitForSendsToSettle(base, headers) {
  const started = performance.now();
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { sendingFax } = await ok(await fetch(`${base}/api/sendStatus`, { headers }), 'sendStatus');
    if (sendingFax === null) return (performance.now() - started) / 1000;
    if (Date.now() > deadline) throw new Error('the sends did not settle within 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function statusCodes(result) {
  return Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
}

export async function benchLoad() {
  const server = await startLocalServer({ port: PORT, label: 'load-bench', rateLimitMultiplier: RATE_LIMIT_MULTIPLIER });
  const base = server.url;
  const pairs = [];
  let settleSeconds = 0;
  let reads = [];
  try {
    progress('accounts and a document');
    const email = benchEmail('load-signin');
    await signUp(base, 'load-signin', email);
    const sender = await accountWithNumber(base, 'load-sender', '212', 'PRO');
    const fileId = await uploadOnePage(base, sender.headers);
    const json = { origin: base, 'content-type': 'application/json' };

    pairs.push(
      await pair(base, 'POST /api/login (password)', {
        path: '/api/login',
        method: 'POST',
        headers: json,
        body: { email, password: BENCH_PASSWORD },
        connections: 4,
      }),
    );
    pairs.push(
      await pair(base, 'POST /api/verifyAuth', { path: '/api/verifyAuth', method: 'POST', headers: sender.headers, connections: 10 }),
    );
    pairs.push(
      await pair(base, 'GET /api/checkSubscriptionStatus (PRO plan)', {
        path: '/api/checkSubscriptionStatus',
        headers: sender.headers,
        connections: 10,
      }),
    );
    pairs.push(
      await pair(base, `POST /api/sendFax (1 page, ${SENDS} sends)`, {
        path: '/api/sendFax',
        method: 'POST',
        headers: sender.headers,
        body: { toNumber: OUTSIDE_NUMBER, fileId, coverpage: false, pageCount: 1, anonymous: false },
        connections: 10,
        amount: SENDS,
      }),
    );
    progress('waiting for the sends to be delivered');
    settleSeconds = await waitForSendsToSettle(base, sender.headers);
    pairs.push(
      await pair(base, `GET /api/faxes?direction=SEND (first page of ${SENDS})`, {
        path: '/api/faxes?direction=SEND',
        headers: sender.headers,
        connections: 10,
      }),
    );
    reads = await readsBesideTheNoOp(base, sender.headers);
  } finally {
    await server.stop();
  }

  const rows = [];
  let failures = 0;
  for (const { name, ping, route } of pairs) {
    rows.push([name, loadFigures(route)]);
    rows.push(['  GET /api/ping beside it', loadFigures(ping)]);
    for (const [what, result] of [
      [name, route],
      [`GET /api/ping beside ${name}`, ping],
    ]) {
      if (result.non2xx > 0 || result.errors > 0) {
        failures += 1;
        rows.push([`  ! ${what}`, `not all 2xx: ${statusCodes(result)}, errors ${result.errors}`]);
      }
    }
  }
  rows.push([`${SENDS} sends delivered by the loopback network`, `${settleSeconds.toFixed(1)} s after the last was accepted`]);
  rows.push(...reads);
  return { rows, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, failures } = await benchLoad();
  console.log(
    `\nLoad (autocannon, local wrangler dev, this machine; abuse limits raised ${RATE_LIMIT_MULTIPLIER}x for one address, 1x in production)`,
  );
  for (const [name, figure] of rows) console.log(`  ${name.padEnd(52)} ${figure}`);
  if (failures > 0) {
    console.error(`\n${failures} run(s) had answers other than 2xx`);
    process.exitCode = 1;
  }
}
