// `node tests/bench/js-budgets.mjs [distDir]` (first in `npm run bench`, and a step of `npm test`):
// each page's JavaScript in the build, for each kind of person who can open it, against its budget
// (tests/bench/page-budgets.mjs), as a table. Exits 1 with an OVER line per page over its budget.
// Reads `dist/` only: run `npx astro build` first.
// `--files` lists each page's files too; `--report=<file>` writes `{ within, over }` (npm test counts them).
import { writeFileSync } from 'node:fs';
import { budgetFor, visitsOf } from './page-budgets.mjs';
import { entriesOf, measureEntries, readPageEntries } from './page-js.mjs';

const KB = 1024;
const args = process.argv.slice(2);
const distDir = args.find((a) => !a.startsWith('--')) ?? 'dist';
const listFiles = args.includes('--files');
const reportFile = args.find((a) => a.startsWith('--report='))?.slice('--report='.length);

const kb = (/** @type {number} */ bytes) => (bytes / KB).toFixed(1);
/** `pdf-document.Coa8LWnu.js` → `pdf-document`: the name a person knows the chunk by. */
const shortName = (/** @type {string} */ file) => file.replace(/^.*\//, '').replace(/\.[\w-]{8}\.m?js$/, '');
const WHO = { visitor: 'visitor', signedIn: 'signed in', anyone: 'anyone' };

const rows = [];
for (const page of await readPageEntries(distDir)) {
  // One row per kind of person; a page with alternatives is judged by the heavier.
  /** @type {Map<string, Awaited<ReturnType<typeof measureEntries>>>} */
  const heaviest = new Map();
  for (const { who, shown } of visitsOf(page)) {
    const visit = await measureEntries(distDir, entriesOf(page, shown));
    if ((heaviest.get(who)?.gzip ?? -1) < visit.gzip) heaviest.set(who, visit);
  }
  for (const [who, measured] of heaviest) {
    const budget = budgetFor(page.route, who === 'anyone' ? 'visitor' : /** @type {'visitor' | 'signedIn'} */ (who));
    const verdict = budget === null ? 'dev only' : measured.gzip <= budget * KB ? 'ok' : 'OVER';
    rows.push({ page, who: /** @type {keyof typeof WHO} */ (who), measured, budget, verdict });
  }
}

const width = Math.max(...rows.map((r) => r.page.route.length));
console.log('\nJavaScript each page loads before anyone does anything (KB of gzip; docs/decisions/032)');
console.log(`  ${'page'.padEnd(width)}  ${'who'.padEnd(9)}  JS KB gzip  budget  verdict   loaded later, not counted (KB gzip)`);
for (const { page, who, measured, budget, verdict } of rows) {
  const later = measured.later.map((l) => `${shortName(l.entry)} ${kb(l.gzip)}`).join(', ');
  const budgetText = budget === null ? '—' : String(budget);
  console.log(
    `  ${page.route.padEnd(width)}  ${WHO[who].padEnd(9)}  ${kb(measured.gzip).padStart(10)}  ${budgetText.padStart(6)}  ${verdict.padEnd(8)}  ${later}`,
  );
  if (listFiles) for (const f of measured.files) console.log(`  ${''.padEnd(width + 11)}  ${kb(f.gzip).padStart(10)}  ${f.file}`);
}
const inline = rows.find((r) => r.page.inlineGzip);
if (inline) {
  console.log(
    `  Inline scripts are not files and not counted: ${kb(inline.page.inlineGzip ?? 0)} KB on ${inline.page.route}, the attribution tracker every page runs (spec §1, §4).`,
  );
}

const over = rows.filter((r) => r.verdict === 'OVER');
for (const { page, who, measured, budget } of over) {
  console.error(`OVER: ${page.route} (${WHO[who]}) loads ${kb(measured.gzip)} KB of JavaScript (gzip), its budget is ${budget} KB`);
}
console.log(`${rows.length - over.length} page visits within budget, ${over.length} over`);
if (reportFile) writeFileSync(reportFile, JSON.stringify({ within: rows.length - over.length, over: over.length }));
process.exit(over.length > 0 ? 1 : 0);
