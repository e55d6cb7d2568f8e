// Lighthouse itself on the landing pages (decision 038): its default mobile run (Moto G Power screen,
// slow 4G, 4× CPU, simulated throttling) against Debian's Chromium, three runs a page. Prints the
// four category scores (the lowest of the three runs, since each run must reach the target), the
// bytes transferred, LCP and CLS. Figures only; nothing passes or fails on them.
//   node tests/bench/lighthouse.mjs [base-url]   (without a URL it starts the built product itself)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalServer } from '../support/local-server.mjs';

export const LANDING_PAGES = [
  '/lp/receive-fax',
  '/lp/receive-fax2',
  '/lp/receive-fax3',
  '/lp/receive-fax4',
  '/lp/receive-fax5',
  '/lp/send-fax',
];
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function audit(port, url) {
  let lhr;
  // Now and then headless Chromium loses the trace of a load (NO_NAVSTART); Lighthouse's own advice
  // is to run it again, and a run that failed to record says nothing about the page.
  for (let tries = 1; ; tries++) {
    lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })).lhr;
    if (!lhr.runtimeError) break;
    if (tries === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    scores: CATEGORIES.map(score),
    bytes: lhr.audits['total-byte-weight'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    failed,
  };
}

/** One row per page: the lowest score per category over three runs, and the medians of the rest. */
export async function benchLighthouse(base, pages = LANDING_PAGES) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  const rows = [];
  try {
    for (const path of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, base + path));
      const lowest = CATEGORIES.map((_, i) => Math.min(...runs.map((r) => r.scores[i])));
      const median = (key) => [...runs.map((r) => r[key])].sort((a, b) => a - b)[1];
      const failed = [...new Set(runs.flatMap((r) => r.failed))];
      rows.push([
        `Lighthouse mobile ${path}`,
        `perf ${lowest[0]} · a11y ${lowest[1]} · best practices ${lowest[2]} · SEO ${lowest[3]} (lowest of ${RUNS}) · ` +
          `${(median('bytes') / 1024).toFixed(1)} KB · LCP ${median('lcp').toFixed(0)} ms · CLS ${median('cls').toFixed(3)}` +
          (failed.length ? ` · failed: ${failed.join(', ')}` : ''),
      ]);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const server = given ? null : await startLocalServer({ port: Number(process.env.BENCH_PORT ?? 8796), label: 'lighthouse' });
  try {
    const rows = await benchLighthouse(given ?? server.url);
    for (const [name, figure] of rows) console.log(`  ${name.padEnd(40)} ${figure}`);
  } finally {
    await server?.stop();
  }
}
