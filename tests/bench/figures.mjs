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
