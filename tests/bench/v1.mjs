// The public API's cost (decision 046): GET /v1/faxes (a page of 20) and GET /v1/faxes/{id} with a
// bearer key, each driven by autocannon next to GET /api/ping (the same Worker doing no work of ours)
// with the same connections, and timed in turn with it one request at a time. A /v1 call pays for a
// D1 read of the key (with its owner, one query) and a call to the owner's object that counts it
// against the key's limit, before the same store read the site's own list makes. Goal: ≥ 0.5× ping.
//   node tests/bench/v1.mjs            (BENCH_PORT, default 8821; needs `npx astro build`; ~60 s)
//
// Measured 2026-12-07 on the 2-core machine shared with three other sessions (ping itself at ~170 req/s,
// a third of its quiet figure): GET /v1/faxes 71 req/s · p50 119 ms = 0.42× ping; GET /v1/faxes/{id}
// 121 req/s · p50 79 ms = 0.73× ping; one at a time in turn with ping: list 0.46×, get 0.48×.
// After the key lookup, the call count, a fax's timeline and a single number's contact name are built
// once (2026-12-07, machine quiet, load ~1): list 261 req/s = 0.52× / 233 = 0.57× (two runs), get
// 274 req/s = 0.52×; in turn list 0.51-0.52×, get 0.51-0.52×.
// The server's RATE_LIMIT_MULTIPLIER is 1000 (refused in production) so the per-key limit, 120 calls
// a minute, is not what is measured.
import http from 'node:http';
import autocannon from 'autocannon';
import { startLocalServer } from '../support/local-server.mjs';
import { ok, signUp, uploadOnePage } from './bench-accounts.mjs';
import { loadFigures, median, timeInTurn } from './figures.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8821);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 6);
const CONNECTIONS = 10;
process.env.LOOPBACK_MS_PER_PAGE ??= '0';
const progress = (step) => process.stderr.write(`[v1 bench] ${step}\n`);

const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
function request(base, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers, agent: keptAlive }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          ok: res.statusCode >= 200 && res.statusCode < 300,
          status: res.statusCode,
          text: async () => Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const run = (base, path, headers = {}) =>
  autocannon({ url: `${base}${path}`, headers, connections: CONNECTIONS, duration: SECONDS, renderProgressBar: false });

const server = await startLocalServer({ port: PORT, label: 'v1-bench', rateLimitMultiplier: 1000 });
try {
  const base = server.url;
  progress('an account with a key and 5 sent faxes');
  const headers = await signUp(base, 'v1-bench');
  const created = await ok(
    await fetch(`${base}/api/createApiKey`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'bench', scopes: ['faxes:read', 'faxes:send'] }),
    }),
    'createApiKey',
  );
  const bearer = { authorization: `Bearer ${created.secret}` };
  const fileId = await uploadOnePage(base, headers);
  let faxId = '';
  for (let i = 0; i < 5; i++) {
    const fax = await ok(
      await fetch(`${base}/v1/faxes`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ to: '+1 312 555 0190', file_id: fileId }),
      }),
      'POST /v1/faxes',
    );
    faxId = fax.id;
  }

  const lines = [];
  for (const [name, path] of [
    ['GET /v1/faxes', '/v1/faxes'],
    ['GET /v1/faxes/{id}', `/v1/faxes/${faxId}`],
  ]) {
    progress(`${name}: the no-op, then the route (${CONNECTIONS} connections)`);
    const ping = await run(base, '/api/ping');
    const route = await run(base, path, bearer);
    if (route.non2xx > 0 || ping.non2xx > 0) throw new Error(`${name}: non-2xx answers (${route.non2xx})`);
    const ratio = route.requests.total / route.duration / (ping.requests.total / ping.duration);
    lines.push(`${name.padEnd(20)} ${loadFigures(route)}`);
    lines.push(`${'  ping beside it'.padEnd(20)} ${loadFigures(ping)}`);
    lines.push(`${'  throughput'.padEnd(20)} ${ratio.toFixed(2)}× ping`);
  }
  progress('one at a time, in turn with the no-op');
  const samples = await timeInTurn(Number(process.env.LOAD_READ_TURNS ?? 200), {
    ping: () => request(base, '/api/ping'),
    list: () => request(base, '/v1/faxes', bearer),
    get: () => request(base, `/v1/faxes/${faxId}`, bearer),
  });
  for (const label of ['list', 'get']) {
    lines.push(
      `in turn: ${label} p50 ${median(samples[label]).toFixed(1)} ms · ${(median(samples.ping) / median(samples[label])).toFixed(2)}× ping (rate)`,
    );
  }
  console.log(lines.join('\n'));
} finally {
  await server.stop();
}
