// How the benchmarks print a set of timings: median, 95th percentile and how many.

/** "p50 12.3 ms · p95 20.1 ms · n=100" */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `p50 ${at(0.5).toFixed(1)} ms · p95 ${at(0.95).toFixed(1)} ms · n=${samples.length}`;
}

/**
 * One autocannon run as a line: "412.3 req/s · p50 22 ms · p99 61 ms · n=2474 · non-2xx 0". Errors
 * and timeouts (connections that got no answer) are named when there are any.
 */
export function loadFigures(result) {
  const perSecond = result.requests.total / result.duration;
  const failed = result.errors > 0 ? ` · errors ${result.errors} (timeouts ${result.timeouts})` : '';
  return `${perSecond.toFixed(1)} req/s · p50 ${result.latency.p50} ms · p99 ${result.latency.p99} ms · n=${result.requests.total} · non-2xx ${result.non2xx}${failed}`;
}

export const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** "1.04× page 1": the median of `samples` against the median of `base`. */
export function ratioTo(samples, base, baseName) {
  return `${(median(samples) / median(base)).toFixed(2)}× ${baseName}`;
}

/**
 * Times each request `n` times, taking them in turn (1, 2, 3, 1, 2, 3, …), so whatever else the
 * machine is doing weighs on all of them alike and their ratios hold. `requests`: a label for
 * each, and the call that makes it (its answer is read whole and must be a success).
 * @param {number} n
 * @param {Record<string, () => Promise<Response>>} requests
 */
export async function timeInTurn(n, requests) {
  const samples = Object.fromEntries(Object.keys(requests).map((label) => [label, []]));
  for (let i = 0; i < n; i++) {
    for (const [label, request] of Object.entries(requests)) {
      const started = performance.now();
      const response = await request();
      await response.text();
      if (!response.ok) throw new Error(`${label}: ${response.status}`);
      samples[label].push(performance.now() - started);
    }
  }
  return samples;
}
