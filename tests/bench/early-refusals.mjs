// Early refusals under load (worker/http/release-body.ts): requests with 16 KB bodies that the Worker
// refuses before reading them (another site's Origin: 403), mixed with ordinary calls, 32 at a
// time. Prints how many answers were 5xx; before the body was released, wrangler's local proxy
// answered some of the following requests 500 ("Network connection lost").
const ROUNDS = Number(process.env.EARLY_REFUSAL_REQUESTS ?? 4000);
const AT_ONCE = 32;

export async function benchEarlyRefusals(base) {
  const body = JSON.stringify({ email: 'x@example.com', password: 'p'.repeat(16 * 1024) });
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < ROUNDS) {
      const i = next++;
      const response =
        i % 4 === 3
          ? await fetch(`${base}/api/options`)
          : await fetch(`${base}/api/signup`, {
              method: 'POST',
              headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
              body,
            });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  const seconds = (performance.now() - started) / 1000;
  const fiveHundreds = [...statuses].filter(([status]) => typeof status === 'number' && status >= 500).reduce((sum, [, n]) => sum + n, 0);
  const spread = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  return [
    [
      `early refusals with 16 KB bodies, ${AT_ONCE} at once`,
      `${ROUNDS} requests in ${seconds.toFixed(1)} s · 5xx: ${fiveHundreds} · cut: ${statuses.get('network error') ?? 0} · ${spread}`,
    ],
  ];
}
