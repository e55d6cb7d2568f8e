// How long a send to 50 numbers takes from its acceptance to the last recipient's dispatch
// (decision 025): the send is charged and accepted in one call, then every fax is queued and taken by
// the dispatch; this measures the time until the last of them has started (left QUEUED). Figures only.
//   node tests/bench/broadcast.mjs      (BENCH_PORT, default 8799; needs `npx astro build`)
import { startLocalServer } from '../support/local-server.mjs';
import { accountWithNumber, ok, uploadOnePage } from './bench-accounts.mjs';
import { stats } from './figures.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const RECIPIENTS = 50;
const RUNS = 3;
// The simulated fax network at full speed: what is measured is our own pipeline, not the line.
process.env.LOOPBACK_MS_PER_PAGE ??= '0';

function recipients(run) {
  return Array.from({ length: RECIPIENTS }, (_, i) => ({ toNumber: `+1 415 555 ${String(2000 + run * 100 + i).padStart(4, '0')}` }));
}

async function oneRun(base, sender, fileId, run) {
  const started = performance.now();
  const { broadcastId } = await ok(
    await fetch(`${base}/api/sendFaxToMany`, {
      method: 'POST',
      headers: sender.headers,
      body: JSON.stringify({ recipients: recipients(run), fileId, pageCount: 1 }),
    }),
    'sendFaxToMany',
  );
  const accepted = performance.now();
  for (;;) {
    const { faxes } = await ok(await fetch(`${base}/api/broadcasts/${broadcastId}`, { headers: sender.headers }), 'broadcast');
    if (faxes.every((fax) => fax.status !== 'QUEUED')) break;
    if (performance.now() - accepted > 120_000) throw new Error('the broadcast was not dispatched within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { accept: accepted - started, lastDispatch: performance.now() - accepted };
}

export async function benchBroadcast() {
  const server = await startLocalServer({ port: PORT, label: 'broadcast-bench' });
  try {
    const sender = await accountWithNumber(server.url, 'broadcast', '212', 'PRO');
    const fileId = await uploadOnePage(server.url, sender.headers);
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await oneRun(server.url, sender, fileId, run));
    return [
      [`send to ${RECIPIENTS}: accepted (charged, ${RECIPIENTS} faxes)`, stats(runs.map((r) => r.accept))],
      [`send to ${RECIPIENTS}: accepted → last dispatch`, stats(runs.map((r) => r.lastDispatch))],
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, figure] of await benchBroadcast()) console.log(`  ${name.padEnd(48)} ${figure}`);
}
