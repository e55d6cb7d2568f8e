// Watching the local server while something runs: the resident memory of its workerd processes
// (sampled from /proc every 20 ms) and how long a trivial request (GET /api/ping) takes meanwhile,
// one after another, so a slow answer shows the Worker was busy and could not serve it. Given what
// workerd-watch.mjs reads inside workerd, also our Worker's own memory and the longest turn of each
// party on workerd's thread (ours, the R2 and D1 stand-ins, the rest). Figures only.
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describeTurns } from './workerd-watch.mjs';

const WORKERD = /workerd/;

/** Every process below `root` (its children, theirs, …). */
function descendantsOf(root) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the parent pid is two fields after.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while the list was read.
    }
  }
  const found = [];
  const walk = (pid) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/** The server's workerd processes (they outlive no restart, so look them up once per watch). */
function workerdPids(serverPid) {
  return descendantsOf(serverPid).filter((pid) => {
    try {
      return WORKERD.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

/** Resident memory of the server's workerd processes together, in bytes. */
export function workerdRss(serverPid, pids = workerdPids(serverPid)) {
  let total = 0;
  for (const pid of pids) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

export const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

function percentile(sorted, q) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The pings go from a thread of their own: the step's own work in this process (a 52 MB upload
// sent, a document read back into memory) holds this event loop for hundreds of milliseconds, and a
// ping timed here would count that wait as the server's.
const PINGER = `
  const { parentPort, workerData } = require('node:worker_threads');
  const pings = [];
  let done = false;
  parentPort.on('message', () => { done = true; });
  (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(workerData.url).then((r) => r.arrayBuffer());
      pings.push(performance.now() - started);
    }
    // The ping still on its way is counted: it may be the one the work held up longest.
    parentPort.postMessage(pings);
  })();
`;

/** Pings `url` one after another from another thread until `stop()`, which answers each ping's milliseconds. */
function startPinging(url) {
  const thread = new Worker(PINGER, { eval: true, workerData: { url } });
  const finished = new Promise((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
  });
  return {
    async stop() {
      thread.postMessage('stop');
      const pings = await finished;
      await thread.terminate();
      return pings;
    },
  };
}

/**
 * Runs `work` while sampling memory and timing pings. Answers what `work` answered with the
 * figures: memory before and at its peak, and the pings' p50, p99 and longest. With `inside`
 * (`{ memory, trace }` from workerd-watch.mjs), also our Worker's heap before and at its peak and
 * each party's turns.
 */
export async function watchServer(base, serverPid, work, inside = null) {
  const pids = workerdPids(serverPid);
  const before = workerdRss(serverPid, pids);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, workerdRss(serverPid, pids));
  }, 20);
  // The step's peak is its own: the garbage of the steps before it is collected first.
  if (inside) await inside.memory.collect(() => fetch(`${base}/api/ping`));
  const heap = inside ? { before: await inside.memory.sample(), peak: 0 } : null;
  let done = false;
  const heapSampling = (async () => {
    while (heap && !done) {
      heap.peak = Math.max(heap.peak, await inside.memory.sample());
      await sleep(20);
    }
  })();
  const startedAt = Date.now();
  const pinging = startPinging(`${base}/api/ping`);
  const started = performance.now();
  let result;
  let ms;
  let pings = [];
  try {
    result = await work();
    ms = performance.now() - started;
  } finally {
    done = true;
    clearInterval(sampler);
    pings = await pinging.stop();
    await heapSampling;
  }
  const endedAt = Date.now();
  let turns = null;
  if (inside) {
    heap.peak = Math.max(heap.before, heap.peak, await inside.memory.sample());
    // workerd writes its trace as it goes: the step's last turns may still be on their way.
    await sleep(500);
    turns = inside.trace.turns(startedAt, endedAt);
  }
  return { result, ms, before, peak: Math.max(peak, workerdRss(serverPid, pids)), pings: pingFigures(pings), heap, turns };
}

function pingFigures(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
}

/** "peak +83 MB above idle (+80 MB above its start) · longest ping 412 ms · ping p99 230 ms (p50 6 ms, n=512) · 9.1 s" */
export function describeWatch(watch, idle) {
  const { pings } = watch;
  return (
    `peak +${mb(watch.peak - idle)} above idle (+${mb(watch.peak - watch.before)} above its start) · ` +
    `longest ping ${pings.max.toFixed(0)} ms · ping p99 ${pings.p99.toFixed(0)} ms (p50 ${pings.p50.toFixed(0)} ms, n=${pings.n}) · ` +
    `${(watch.ms / 1000).toFixed(1)} s`
  );
}

/** "our Worker's heap peak +12 MB above idle (+3 MB above its start) · our Worker longest 38 ms (busy 4.1 s) · R2 stand-in …" */
export function describeInside(watch, idleHeap) {
  if (!watch.heap) return 'not watched inside workerd';
  return (
    `our Worker's heap peak +${mb(watch.heap.peak - idleHeap)} above idle (+${mb(watch.heap.peak - watch.heap.before)} above its start) · ` +
    describeTurns(watch.turns ?? {})
  );
}
