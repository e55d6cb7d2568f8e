// Watching the local server while something runs: the resident memory of its workerd processes
// (sampled from /proc every 20 ms) and how long a trivial request (GET /api/ping) takes meanwhile,
// one after another, so a slow answer shows the Worker was busy and could not serve it. Figures only.
import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * Runs `work` while sampling memory and timing pings. Answers what `work` answered with the
 * figures: memory before and at its peak, and the pings' p50, p99 and longest.
 */
export async function watchServer(base, serverPid, work) {
  const pids = workerdPids(serverPid);
  const before = workerdRss(serverPid, pids);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, workerdRss(serverPid, pids));
  }, 20);
  let done = false;
  const pings = [];
  const pinging = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/api/ping`).then((r) => r.arrayBuffer());
      pings.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  let result;
  let ms;
  try {
    result = await work();
    ms = performance.now() - started;
  } finally {
    done = true;
    clearInterval(sampler);
    // The ping still on its way is counted: it may be the one the work held up longest.
    await pinging;
  }
  return { result, ms, before, peak: Math.max(peak, workerdRss(serverPid, pids)), pings: pingFigures(pings) };
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
