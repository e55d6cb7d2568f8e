// Watching this Node process while a piece of the Worker's code runs on its main thread
// (prepare-step.mjs runs one step in a process of its own). Memory is the main thread's V8 heap
// with the buffers outside it, which is what a Worker's 128 MB counts, sampled every 20 ms between
// two pieces of work: as it stands (garbage not yet collected included), and in a second run right
// after a full collection (what the code holds; the collections skew the timings, so the live run
// is a run of its own). A sample cannot be taken while the code blocks, so for code that blocks
// for seconds these miss its peak. The process's resident size is not used: Node keeps the memory
// of the buffers a 50 MB stream passes through long after they are garbage.
// The longest busy stretch is the main thread's own CPU time between two timer ticks (1 ms apart
// when idle): what the code blocked other requests for, whatever else the machine runs. A worker
// thread sends GET /ping to a trivial server on the main thread back to back meanwhile: a slow
// answer means the main thread was busy (wall-clock: it also counts waiting for a core).
import { createServer } from 'node:http';
import { Worker } from 'node:worker_threads';

const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
let pings = null;
let pinging = null;
async function ping(into) {
  while (pings === into) {
    const started = performance.now();
    try { await (await fetch(workerData.url)).arrayBuffer(); } catch {}
    // The ping still on its way when the step ends is counted: it may be the one held up longest.
    into.push(performance.now() - started);
  }
}
parentPort.on('message', async (message) => {
  if (message === 'start') {
    // A first request sets up the connection: not what is measured.
    for (let i = 0; i < 3; i++) await (await fetch(workerData.url)).arrayBuffer();
    pings = [];
    pinging = ping(pings);
    parentPort.postMessage('started');
  } else {
    const done = pings;
    pings = null;
    await pinging;
    parentPort.postMessage(done);
  }
});
`;

function percentile(sorted, q) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const heapNow = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

const cpuNow = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/** Starts the trivial server and the pinger; `measure(fn)` runs fn watched; `close()` ends both. */
export async function watchProcess() {
  const server = createServer((_request, response) => response.writeHead(204).end());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pinger = new Worker(PINGER, { eval: true, workerData: { url: `http://127.0.0.1:${server.address().port}/ping` } });
  const reply = () => new Promise((resolve) => pinger.once('message', resolve));

  async function measure(fn, { live = false } = {}) {
    globalThis.gc?.();
    pinger.postMessage('start');
    await reply();
    const heapBefore = heapNow();
    let heapPeak = heapBefore;
    let lastCpu = cpuNow();
    let longestBusy = 0;
    let ticking = true;
    const tick = () => {
      const cpu = cpuNow();
      longestBusy = Math.max(longestBusy, cpu - lastCpu);
      lastCpu = cpu;
      if (ticking) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    const sampler = setInterval(() => {
      if (live) globalThis.gc?.();
      heapPeak = Math.max(heapPeak, heapNow());
    }, 20);
    const started = performance.now();
    const result = await fn();
    const ms = performance.now() - started;
    ticking = false;
    clearInterval(sampler);
    heapPeak = Math.max(heapPeak, heapNow());
    pinger.postMessage('stop');
    const sorted = (await reply()).sort((a, b) => a - b);
    return {
      result,
      ms,
      heapPeak: heapPeak - heapBefore,
      longestBusy,
      pings: { n: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 },
    };
  }

  async function close() {
    await pinger.terminate();
    await new Promise((resolve) => server.close(resolve));
  }

  return { measure, close };
}

/** "live +3 MB (with garbage +40 MB) · longest busy 12 ms CPU · ping p99 9 ms (longest 30 ms, n=812) · 2.1 s" */
export function describeMeasure(measured, live) {
  const { pings } = measured;
  const mb = (bytes) => `+${(bytes / (1024 * 1024)).toFixed(0)} MB`;
  return (
    `live ${mb(live.heapPeak)} (with garbage ${mb(measured.heapPeak)}) · longest busy ${measured.longestBusy.toFixed(0)} ms CPU · ` +
    `ping p99 ${pings.p99.toFixed(0)} ms (longest ${pings.max.toFixed(0)} ms, n=${pings.n}) · ${(measured.ms / 1000).toFixed(1)} s`
  );
}
