// Benchmarks of the built product served locally (npm run bench; run `npx astro build` first).
// Prints figures; never passes or fails on time.
import { startLocalServer } from '../support/local-server.mjs';
import { benchDocumentBombs } from './document-bombs.mjs';
import { benchEarlyRefusals } from './early-refusals.mjs';
import { stats } from './figures.mjs';
import { benchHoldRace } from './hold-race.mjs';
import { benchLandingPages } from './landing-pages.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchReceive } from './receive-latency.mjs';
import { benchSignedInPages } from './signed-in-pages.mjs';
import { benchUpload } from './upload-throughput.mjs';
import { benchWebhooks } from './webhooks.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8795);
// The simulated fax network at full speed: the receive figures are our own pipeline, not the line.
process.env.LOOPBACK_MS_PER_PAGE ??= '0';
const server = await startLocalServer({ port: PORT, label: 'bench' });
const base = server.url;
const origin = { origin: base, 'content-type': 'application/json' };

async function time(fn, n) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('fax_session='))
    ?.split(';')[0];
}

try {
  const rows = [];
  const page = await time(() => fetch(`${base}/login`).then((r) => r.text()), 100);
  rows.push(['GET /login (server-rendered page)', stats(page)]);
  const notFound = await time(() => fetch(`${base}/nope`).then((r) => r.text()), 100);
  rows.push(['GET /nope (404 page)', stats(notFound)]);

  const password = 'benchmark password 1';
  const emails = [];
  const signup = await time(async (i) => {
    const email = `bench-${Date.now()}-${i}@example.com`;
    emails.push(email);
    const res = await fetch(`${base}/api/signup`, { method: 'POST', headers: origin, body: JSON.stringify({ email, password }) });
    await res.text();
  }, 10);
  rows.push(['POST /api/signup (scrypt N=2^15 r=8 p=3)', stats(signup)]);

  let cookie = '';
  const login = await time(async () => {
    const res = await fetch(`${base}/api/login`, { method: 'POST', headers: origin, body: JSON.stringify({ email: emails[0], password }) });
    cookie = cookieOf(res) ?? cookie;
    await res.text();
  }, 10);
  rows.push(['POST /api/login', stats(login)]);

  const verify = await time(
    () => fetch(`${base}/api/verifyAuth`, { method: 'POST', headers: { ...origin, cookie } }).then((r) => r.text()),
    100,
  );
  rows.push(['POST /api/verifyAuth', stats(verify)]);

  const dashboard = await time(() => fetch(`${base}/dashboard`, { headers: { cookie } }).then((r) => r.text()), 100);
  rows.push(['GET /dashboard (signed in)', stats(dashboard)]);

  // From a sign-in to its event on an open live socket: queue delivery + D1 write + hub fan-out.
  const { customToken } = await fetch(`${base}/api/verifyAuth`, { method: 'POST', headers: { ...origin, cookie } }).then((r) => r.json());
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live?token=${customToken}`);
  // The hub's first frame says where its pushes stand (decision 033); the sign-in events come after it.
  await new Promise((resolve, reject) => {
    socket.onmessage = resolve;
    socket.onerror = reject;
  });
  const live = await time(async () => {
    const arrived = new Promise((resolve, reject) => {
      socket.onmessage = resolve;
      setTimeout(() => reject(new Error('no live event within 10 s')), 10_000);
    });
    await fetch(`${base}/api/login`, { method: 'POST', headers: origin, body: JSON.stringify({ email: emails[0], password }) });
    await arrived;
  }, 5);
  socket.close();
  rows.push(['sign-in → live event on the dashboard socket', stats(live)]);

  rows.push(...(await benchUpload(base, { origin: base, cookie })));
  rows.push(...(await benchReceive(base, stats)));
  rows.push(...(await benchWebhooks(base)));
  rows.push(...(await benchHoldRace(base, stats)));
  rows.push(...(await benchLandingPages(base)));
  rows.push(...(await benchLighthouse(base)));
  rows.push(...(await benchSignedInPages(base)));
  rows.push(...(await benchEarlyRefusals(base)));
  rows.push(...(await benchDocumentBombs(base, server.pid)));

  const html = await fetch(`${base}/dashboard`, { headers: { cookie } }).then((r) => r.text());
  const scripts = [...new Set([...html.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]))];
  let jsBytes = 0;
  for (const path of scripts) jsBytes += (await fetch(base + path).then((r) => r.arrayBuffer())).byteLength;
  rows.push([
    '/dashboard weight',
    `HTML ${(html.length / 1024).toFixed(1)} KB · JS ${(jsBytes / 1024).toFixed(1)} KB uncompressed in ${scripts.length} files`,
  ]);

  console.log('\nBenchmarks (local wrangler dev, this machine)');
  for (const [name, figure] of rows) console.log(`  ${name.padEnd(48)} ${figure}`);
} finally {
  await server.stop();
}
