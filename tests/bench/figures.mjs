// How the benchmarks print a set of timings: median, 95th percentile and how many.

/** "p50 12.3 ms · p95 20.1 ms · n=100" */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `p50 ${at(0.5).toFixed(1)} ms · p95 ${at(0.95).toFixed(1)} ms · n=${samples.length}`;
}
