// Benchmark of building the PDF a carrier transmits: a cover page appended to a 50-page PDF as an
// update (worker/documents/fax-pdf.ts, run in Node; the Worker streams the document instead). Needs no server or build: esbuild (installed with
// wrangler) bundles the worker module into a temporary file first. Prints figures; never fails on time.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { COVER as SCANNED_COVER } from './scanned-documents.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DOCUMENT_PAGES = 50;
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles a worker TypeScript module (extensionless imports and all) and imports it. */
async function importWorkerModule(path) {
  const dir = await mkdtemp(join(tmpdir(), 'fax-bench-'));
  try {
    const outfile = join(dir, 'module.mjs');
    await build({ entryPoints: [join(root, path)], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'error' });
    return await import(pathToFileURL(outfile).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A text document like a contract: 50 Letter pages of about 45 lines each. */
async function makeDocument(pages) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let p = 1; p <= pages; p++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Section ${p}`, { x: 72, y: 720, size: 16, font });
    for (let line = 0; line < 45; line++) {
      const text = `${p}.${line + 1} The parties agree that this line of text stands for a typical contract clause.`;
      page.drawText(text, { x: 72, y: 690 - line * 14, size: 10.5, font });
    }
    page.drawLine({ start: { x: 72, y: 40 }, end: { x: 540, y: 40 }, thickness: 0.5 });
  }
  return pdf.save();
}

// The largest-fax benchmarks' cover page, about this document.
const COVER = {
  ...SCANNED_COVER,
  subject: 'Signed agreement, all 50 pages',
  message: 'Hello Dana,\n\nPlease find the signed agreement attached. Call me with any questions.\n\nSam',
};

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const { buildFaxPdf } = await importWorkerModule('worker/documents/fax-pdf.ts');
const document = await makeDocument(DOCUMENT_PAGES);
await buildFaxPdf(document, COVER); // warm-up: JIT and pdf-lib's font metrics

const samples = [];
let result;
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  result = await buildFaxPdf(document, COVER);
  samples.push(performance.now() - started);
}
samples.sort((a, b) => a - b);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('\nBenchmark: fax PDF (Node, this machine)');
console.log(
  `  ${'cover page appended to a 50-page PDF (ms)'.padEnd(48)} p50 ${percentile(samples, 0.5).toFixed(1)} ms · ` +
    `p95 ${percentile(samples, 0.95).toFixed(1)} ms · n=${RUNS} · ${result.pageCount} pages · ` +
    `${kb(document.byteLength)} in → ${kb(result.bytes.byteLength)} out`,
);
