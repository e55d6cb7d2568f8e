// `node tests/bench/js-budgets.mjs [distDir]` (first in `npm run bench`, and a step of `npm test`):
// each page's JavaScript in the build against its budget (tests/bench/page-budgets.mjs), as a table.
// Exits 1 with an OVER line per page over its budget. Reads `dist/` only: run `npx astro build` first.
// `--files` lists each page's files too; `--report=<file>` writes `{ within, over }` (npm test counts them).
import { writeFileSync } from 'node:fs';
import { budgetFor } from './page-budgets.mjs';
import { measurePageJs } from './page-js.mjs';

const KB = 1024;
const args = process.argv.slice(2);
const distDir = args.find((a) => !a.startsWith('--')) ?? 'dist';
const listFiles = args.includes('--files');
const reportFile = args.find((a) => a.startsWith('--report='))?.slice('--report='.length);

const kb = (bytes) => (bytes / KB).toFixed(1);
/** `pdf-document.Coa8LWnu.js` → `pdf-document`: the name a person knows the chunk by. */
const shortName = (file) => file.replace(/^.*\//, '').replace(/\.[\w-]{8}\.m?js$/, '');

const pages = await measurePageJs(distDir);
const rows = pages.map((page) => {
  const budget = budgetFor(page.route);
  const verdict = budget === null ? 'dev only' : page.gzip <= budget * KB ? 'ok' : 'OVER';
  return { page, budget, verdict };
});

const width = Math.max(...pages.map((p) => p.route.length), 'page'.length);
console.log('\nJavaScript each page loads before anyone does anything (KB gzip; docs/decisions/031)');
console.log(`  ${'page'.padEnd(width)}  JS KB gzip  budget  verdict  loaded later (KB gzip, not counted)`);
for (const { page, budget, verdict } of rows) {
  const later = page.later.map((l) => `${shortName(l.entry)} ${kb(l.gzip)}`).join(', ');
  console.log(
    `  ${page.route.padEnd(width)}  ${kb(page.gzip).padStart(10)}  ${(budget === null ? '—' : String(budget)).padStart(6)}  ${verdict.padEnd(7)}  ${later}`,
  );
  if (listFiles) for (const f of page.files) console.log(`  ${''.padEnd(width)}  ${kb(f.gzip).padStart(10)}  ${f.file}`);
}
const inline = pages.find((p) => p.inlineGzip !== null && p.inlineGzip > 0);
if (inline) {
  console.log(
    `  Inline scripts are not files and not counted: ${kb(inline.inlineGzip)} KB on ${inline.route} (the attribution tracker, spec §1 and §4, on every page).`,
  );
}

const over = rows.filter((r) => r.verdict === 'OVER');
for (const { page, budget } of over) {
  console.error(`OVER: ${page.route} loads ${kb(page.gzip)} KB of JavaScript (gzip), its budget is ${budget} KB`);
}
console.log(`${rows.length - over.length} pages within budget, ${over.length} over`);
if (reportFile) writeFileSync(reportFile, JSON.stringify({ within: rows.length - over.length, over: over.length }));
process.exit(over.length > 0 ? 1 : 0);
