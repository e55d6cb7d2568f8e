// Preparing the largest fax, the Worker's own code alone (decision 030). large-fax.mjs's figures
// include the local R2, which wrangler dev simulates in the product's own workerd, on its thread:
// its copying and hashing of a 50 MB object stalls every request there, and its memory counts in
// workerd's. Here the functions the Worker runs (bundled with esbuild) run twice, with nothing else:
// - in a workerd of their own (wrangler's unstable_startWorker), reading each document from this
//   process over HTTP, in ranges and streams as they read an R2 object, and streaming the fax PDF
//   back: the real runtime. Its memory is the process's, garbage included (workerd without a
//   memory limit collects late), and, apart, the isolate's own heap and buffers read through the
//   inspector; its longest pause is the longest turn it held workerd's thread, from workerd's own
//   trace (workerd-watch.mjs, decision 041), besides how long a ping waited;
// - in Node, one process per step (prepare-step.mjs), reading files in 64 KB pieces
//   (prepare-steps.mjs, process-watch.mjs): the V8 heap and buffers, live and with garbage, and the
//   main thread's CPU time over its longest stretch without a pause.
//
// Alone: `node tests/bench/large-fax-code.mjs`.
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { unstable_startWorker } from 'wrangler';
import { describeMeasure } from './process-watch.mjs';
import { COVER, MAX_DOCUMENT_BYTES, scannedPdf } from './scanned-documents.mjs';
import { describeInside, describeWatch, mb, watchServer, workerdRss } from './server-watch.mjs';
import { isolateMemory, tracedWorkerdEnv, traceReader } from './workerd-watch.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The Worker under test: the document functions behind three routes, storage reached over HTTP.
const WORKER = `
import { normalizeDocument } from './worker/documents/normalize';
import { scanPdf } from './worker/documents/pdf-scan';
import { coverPageUpdate } from './worker/documents/fax-pdf';
import { countPdfPages } from './worker/documents/pdf-check';
import { coverPageSchema } from './src/common/cover-page';

async function remoteSource(url) {
  const size = Number((await fetch(url, { method: 'HEAD' })).headers.get('content-length'));
  const ranged = (range) => fetch(url, { headers: { range: 'bytes=' + range } });
  return {
    size,
    read: async (offset, length) => new Uint8Array(await (await ranged(offset + '-' + (Math.min(size, offset + length) - 1))).arrayBuffer()),
    async *stream(offset) {
      if (offset < size) yield* (await ranged(offset + '-')).body;
    },
  };
}

/** The document and then the update, streamed to \`to\` (what bucket.ts copyObject does in R2). */
async function copyWithUpdate(from, to, update) {
  const source = await fetch(from);
  const { readable, writable } = new FixedLengthStream(Number(source.headers.get('content-length')) + update.byteLength);
  const feeding = source.body.pipeTo(writable, { preventClose: true }).then(async () => {
    const writer = writable.getWriter();
    await writer.write(update);
    await writer.close();
  });
  const [stored] = await Promise.all([fetch(to, { method: 'PUT', body: readable }), feeding]);
  if (!stored.ok) throw new Error('the copy was refused');
}

export default {
  async fetch(request) {
    const url = new URL(request.url);
    const doc = url.searchParams.get('doc');
    if (url.pathname === '/api/ping') return new Response(null, { status: 204 });
    if (url.pathname === '/check') {
      const { pageCount, md5 } = await normalizeDocument(await remoteSource(doc), { maxBytes: ${MAX_DOCUMENT_BYTES}, maxPages: 350 });
      return Response.json({ pageCount, md5 });
    }
    if (url.pathname === '/prepare') {
      const cover = coverPageSchema.parse(JSON.parse(url.searchParams.get('cover')));
      const update = await coverPageUpdate(await scanPdf(await remoteSource(doc), { checkStreams: false }), cover);
      await copyWithUpdate(doc, url.searchParams.get('to'), update.bytes);
      return Response.json({ pageCount: update.pageCount });
    }
    if (url.pathname === '/count') return Response.json({ pageCount: await countPdfPages(await remoteSource(doc)) });
    return new Response('not found', { status: 404 });
  },
};
`;

/** The bench's Worker, by the name workerd's trace knows it. */
const CODE_WORKER = 'large-fax-code';

/** Serves the files of `dir` with ranges (GET, HEAD) and takes new ones (PUT): storage for the Worker. */
async function startStorage(dir) {
  const server = createServer(async (request, response) => {
    const path = join(dir, decodeURIComponent(new URL(request.url, 'http://x').pathname.slice(1)));
    if (request.method === 'PUT') {
      await pipeline(request, createWriteStream(path));
      return response.writeHead(201).end();
    }
    const { size } = await stat(path);
    const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Number(range[2]) : size - 1;
    response.writeHead(range ? 206 : 200, { 'content-length': String(end - start + 1), 'content-type': 'application/pdf' });
    if (request.method === 'HEAD') return response.end();
    await pipeline(createReadStream(path, { start, end, highWaterMark: 64 * 1024 }), response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function startWorker(dir) {
  const entry = join(dir, 'worker.mjs');
  await build({
    stdin: { contents: WORKER, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external: ['node:*', 'cloudflare:*'],
    outfile: entry,
    logLevel: 'error',
  });
  const traces = join(dir, 'traces');
  Object.assign(process.env, { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }, tracedWorkerdEnv(traces));
  const worker = await unstable_startWorker({
    name: CODE_WORKER,
    entrypoint: entry,
    compatibilityDate: '2026-10-01',
    compatibilityFlags: ['nodejs_compat'],
    dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: { hostname: '127.0.0.1', port: 0 }, watch: false, logLevel: 'none' },
  });
  await worker.ready;
  const memory = await isolateMemory(`http://${(await worker.inspectorUrl).host}`);
  return {
    url: (await worker.url).href.replace(/\/$/, ''),
    inside: { memory, trace: traceReader(traces, CODE_WORKER) },
    dispose: async () => {
      memory.close();
      await worker.dispose();
      delete process.env.MINIFLARE_WORKERD_PATH;
    },
  };
}

/** How pdf.js (what the fax viewer and many carriers' renderers build on) reads the fax PDF. */
async function readWithPdfJs(path) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const warnings = [];
  const log = console.log;
  console.log = (...words) => warnings.push(words.join(' '));
  try {
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 1, isEvalSupported: false }).promise;
    const firstPage = await (await pdf.getPage(1)).getTextContent();
    const cover = firstPage.items.some((item) => /pages including this cover/.test(item.str));
    const repaired = warnings.some((warning) => /Indexing all PDF objects|XRef/i.test(warning));
    return `${pdf.numPages} pages · ${cover ? 'the cover first' : 'NO cover first'} · ${repaired ? 'REPAIRED (its cross-reference was wrong)' : 'read as written, nothing repaired'}`;
  } finally {
    console.log = log;
  }
}

/** The same functions for Node: answers the bundle's path. */
async function bundleWorkerCode(dir) {
  const outfile = join(dir, 'worker-documents.mjs');
  await build({
    stdin: {
      contents: `
        export { normalizeDocument } from './worker/documents/normalize';
        export { scanPdf } from './worker/documents/pdf-scan';
        export { coverPageUpdate } from './worker/documents/fax-pdf';
        export { countPdfPages } from './worker/documents/pdf-check';
        export { coverPageSchema } from './src/common/cover-page';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** Each step in a process of its own (prepare-step.mjs); answers its figures. */
function runStep(bundle, step, document, fax) {
  const runner = join(root, 'tests/bench/prepare-step.mjs');
  const steps = join(root, 'tests/bench/prepare-steps.mjs');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--expose-gc', runner, steps, bundle, step, document, fax], { maxBuffer: 1 << 20 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout.trim().split('\n').at(-1))),
    );
  });
}

async function benchInNode(bundle, dir, label, name) {
  const rows = [];
  for (const step of ['upload checked', 'fax PDF', 'received fax counted']) {
    const { timed, live } = await runStep(bundle, step, join(dir, name), join(dir, `node-fax-${name}`));
    rows.push([`${label}: ${step}`, `${timed.result} pages · ${describeMeasure(timed, live)}`]);
  }
  return rows;
}

async function call(worker, path) {
  const response = await fetch(`${worker.url}${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function benchDocument(worker, storage, dir, idle, label, name) {
  const { inside } = worker;
  const doc = encodeURIComponent(`${storage.url}/${name}`);
  const to = encodeURIComponent(`${storage.url}/fax-${name}`);
  const cover = encodeURIComponent(JSON.stringify(COVER));
  const watch = (path) => watchServer(worker.url, process.pid, () => call(worker, path), inside);
  const insideRow = (step, watched) => [`${label}: ${step}, inside workerd`, describeInside(watched, inside.idleHeap)];
  const checked = await watch(`/check?doc=${doc}`);
  const prepared = await watch(`/prepare?doc=${doc}&to=${to}&cover=${cover}`);
  const counted = await watch(`/count?doc=${to}`);
  return [
    [`${label}: upload checked (type, pages, MD5, streams)`, `${checked.result.pageCount} pages · ${describeWatch(checked, idle)}`],
    insideRow('upload checked', checked),
    [`${label}: fax PDF (cover update, streamed copy)`, `${prepared.result.pageCount} pages · ${describeWatch(prepared, idle)}`],
    insideRow('fax PDF', prepared),
    [`${label}: received fax counted`, `${counted.result.pageCount} pages · ${describeWatch(counted, idle)}`],
    insideRow('received fax counted', counted),
    [`${label}: the fax PDF, as pdf.js reads it`, await readWithPdfJs(join(dir, `fax-${name}`))],
  ];
}

/** @returns {Promise<Array<[string, string]>>} benchmark rows */
export async function benchLargeFaxCode() {
  const dir = await mkdtemp(join(tmpdir(), 'fax-bench-large-'));
  try {
    // The documents go to files and out of this process's memory before anything is measured.
    await writeFile(join(dir, 'largest.pdf'), await scannedPdf(349, MAX_DOCUMENT_BYTES, true));
    await writeFile(join(dir, '300.pdf'), await scannedPdf(300, 30.9 * 1000 * 1000, false));
    const size = async (name) => `${((await stat(join(dir, name))).size / 1e6).toFixed(1)} MB`;
    const documents = [
      [`349 pages ${await size('largest.pdf')}`, 'largest.pdf'],
      [`300 pages ${await size('300.pdf')}`, '300.pdf'],
    ];
    const rows = [];

    const storage = await startStorage(dir);
    const worker = await startWorker(dir);
    try {
      await fetch(`${worker.url}/api/ping`);
      const idle = workerdRss(process.pid);
      await worker.inside.memory.collect(() => fetch(`${worker.url}/api/ping`));
      worker.inside.idleHeap = await worker.inside.memory.sample();
      rows.push(['in workerd: idle', `${mb(idle)}, its heap ${mb(worker.inside.idleHeap)} (the target is +64 MB, the limit 128 MB)`]);
      for (const [label, name] of documents) rows.push(...(await benchDocument(worker, storage, dir, idle, `in workerd: ${label}`, name)));
    } finally {
      await worker.dispose();
      await storage.close();
    }

    const bundle = await bundleWorkerCode(dir);
    for (const [label, name] of documents) rows.push(...(await benchInNode(bundle, dir, `in Node: ${label}`, name)));
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchLargeFaxCode();
  console.log('\nBenchmark: preparing the largest fax, our code alone (this machine)');
  for (const [name, figure] of rows) console.log(`  ${name.padEnd(60)} ${figure}`);
}
