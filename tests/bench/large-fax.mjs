// The largest fax the product takes (decision 030): a scanned document of 349 pages just under the
// 50 MB limit (with its cover page, 350: the most a fax may have), and one of 300 pages (about
// 31 MB), each uploaded through the resumable flow, then sent with a cover page to a number of
// this instance, so it is also received. While each step runs, the server's workerd memory is
// sampled every 20 ms and GET /api/ping is timed back to back: its longest answer is the longest
// the Worker was kept from serving anything else. That pass runs the server as `npm start` does. A
// second pass runs it again under workerd's async trace, with the inspector, to tell our Worker's
// heap and turns from the stand-ins' (decision 041); each step there starts from collected garbage
// (decision 053), so its heap figure is its own (goal ≤ 64 MB above idle; a deployed Worker has
// 128 MB). The trace slows the thread, so the two passes are apart (decision 054). Figures only,
// never pass/fail. The local R2 runs in that same workerd, on its thread (the download row: the
// stored document handed back, in the local steps of decision 057, with almost no work of ours),
// so large-fax-code.mjs first measures our code alone.
//
// `node tests/bench/large-fax.mjs [--product-only]` (after `npx astro build`; BENCH_PORT to move it), in
// `npm run bench`.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { startLocalServer } from '../support/local-server.mjs';
import { accountWithNumber, ok } from './bench-accounts.mjs';
import { benchLargeFaxCode } from './large-fax-code.mjs';
import { COVER, MAX_DOCUMENT_BYTES, scannedPdf } from './scanned-documents.mjs';
import { describeInside, describeWatch, mb, watchServer, workerdRss } from './server-watch.mjs';
import { completeUpload, sendChunks } from './upload-throughput.mjs';
import { isolateMemory, tracedWorkerdEnv, traceReader } from './workerd-watch.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now (the Worker's inspector goes there). */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `read` until it answers something, for at most five minutes. */
async function until(what, read) {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    const value = await read();
    if (value) return value;
    await sleep(250);
  }
  throw new Error(`${what}: not within five minutes`);
}

async function sendAndReceive(base, sender, receiver, fileId, pageCount) {
  const before = await ok(await fetch(`${base}/api/faxes?direction=RECEIVE`, { headers: receiver.headers }), 'inbox');
  const known = new Set(before.faxes.map((f) => f.id));
  const { faxId } = await ok(
    await fetch(`${base}/api/sendFax`, {
      method: 'POST',
      headers: sender.headers,
      body: JSON.stringify({ toNumber: receiver.number, fileId, coverpage: COVER, pageCount, anonymous: false }),
    }),
    'sendFax',
  );
  const sent = await until('the fax was not delivered', async () => {
    const { fax } = await ok(await fetch(`${base}/api/faxes/${faxId}`, { headers: sender.headers }), 'fax');
    return ['DELIVERED', 'FAILED'].includes(fax.status) ? fax : null;
  });
  const received = await until('the fax was not received', async () => {
    const { faxes } = await ok(await fetch(`${base}/api/faxes?direction=RECEIVE`, { headers: receiver.headers }), 'inbox');
    return faxes.find((f) => !known.has(f.id) && ['RECEIVED', 'FAILED'].includes(f.status)) ?? null;
  });
  return { sent, received };
}

/** Pages of the PDF the sender's fax transmitted, counted here, and whether page 1 is the cover. */
async function transmittedPages(base, sender, faxId) {
  const response = await fetch(`${base}/api/faxes/${faxId}/document`, { headers: sender.headers });
  const pdf = await PDFDocument.load(await response.arrayBuffer(), { updateMetadata: false });
  // The cover is drawn in text; every scanned page shows one image.
  const images = (index) => pdf.getPage(index).node.Resources()?.lookup(PDFName.of('XObject'))?.keys().length ?? 0;
  const coverFirst = images(0) === 0 && images(1) === 1;
  return `${pdf.getPageCount()} pages${coverFirst ? ', the cover first' : ', NOT the cover first'}`;
}

/**
 * One document uploaded, completed, read back and sent. Without `inside`, the rows are what the
 * local stack does (its memory, a ping's wait); with it, what workerd's trace and inspector tell of
 * our Worker and the stand-ins, apart.
 */
async function benchDocument(base, serverPid, idle, inside, sender, receiver, label, bytes) {
  const rows = [];
  const watch = (work) => watchServer(base, serverPid, work, inside);
  const row = (step, watched, outcome = '') =>
    inside
      ? [`${label}: ${step}, inside workerd`, describeInside(watched, inside.idleHeap)]
      : [`${label}: ${step}`, `${outcome}${describeWatch(watched, idle)}`];
  const chunks = await watch(() => sendChunks(base, sender.headers, bytes, `${label}.pdf`));
  rows.push(row(`upload in ${chunks.result.puts} chunks`, chunks));
  const complete = await watch(() => completeUpload(base, sender.headers, chunks.result.uploadId));
  const file = complete.result;
  rows.push(row('completion (checked, counted)', complete, `${file.pageCount} pages · `));
  // The stored document downloaded whole (the send page's preview): the local R2's hand-over, almost no work of ours.
  const readBack = await watch(async () => {
    const response = await fetch(`${base}/api/files/${file.fileId}/content`, { headers: sender.headers });
    return (await response.arrayBuffer()).byteLength;
  });
  rows.push(row('the stored document downloaded', readBack, `${mb(readBack.result)} · `));
  const send = await watch(() => sendAndReceive(base, sender, receiver, file.fileId, file.pageCount));
  const { sent, received } = send.result;
  rows.push(
    row(
      'sent with a cover → delivered, received',
      send,
      `${sent.status} ${sent.pageCount} pages, ${received.status} ${received.pageCount} pages · `,
    ),
  );
  if (!inside) rows.push([`${label}: the fax PDF transmitted`, await transmittedPages(base, sender, sent.id)]);
  return rows;
}

/**
 * Without `inside`, the local stack as `npm start` runs it: its memory and what a ping waits. With
 * `inside` (workerd-watch.mjs's `memory` and `trace` of a traced server), our Worker's heap and each
 * party's turns instead: the trace costs the thread a turn's worth of writing for every turn, so a
 * ping's wait there is not what a developer sees, and is not printed.
 * @returns {Promise<Array<[string, string]>>} benchmark rows
 */
export async function benchLargeFax(base, serverPid, inside = null) {
  const sender = await accountWithNumber(base, 'large-sender', '212', 'PRO');
  const receiver = await accountWithNumber(base, 'large-receiver', '212', 'PRO');
  const largest = await scannedPdf(349, MAX_DOCUMENT_BYTES, true);
  const threeHundred = await scannedPdf(300, 30.9 * 1000 * 1000, false);
  // Idle: the server has served sign-ups and settled.
  await sleep(2_000);
  const idle = workerdRss(serverPid);
  const rows = [];
  if (inside) {
    await inside.memory.collect(() => fetch(`${base}/api/ping`));
    inside.idleHeap = await inside.memory.sample();
    rows.push(['large fax: our Worker idle, inside workerd', `heap ${mb(inside.idleHeap)}`]);
  } else {
    rows.push(['large fax: workerd idle', `${mb(idle)} (the target is +64 MB, the limit 128 MB)`]);
  }
  // What a ping waits on this machine with nothing sent: the floor of every figure below.
  const quiet = await watchServer(base, serverPid, () => sleep(5_000), inside);
  rows.push(
    inside
      ? ['large fax: nothing sent, inside workerd', describeInside(quiet, inside.idleHeap)]
      : ['large fax: nothing sent (this machine, as loaded)', describeWatch(quiet, idle)],
  );
  const documents = [
    [`349 pages ${(largest.byteLength / 1e6).toFixed(1)} MB`, largest],
    [`300 pages ${(threeHundred.byteLength / 1e6).toFixed(1)} MB`, threeHundred],
  ];
  for (const [name, bytes] of documents) {
    rows.push(...(await benchDocument(base, serverPid, idle, inside, sender, receiver, name, bytes)));
  }
  return rows;
}

/** Runs `bench` against a server of its own, started with `options` (local-server.mjs), stopped after. */
async function withServer(options, bench) {
  const server = await startLocalServer({ port: Number(process.env.BENCH_PORT ?? 8796), label: 'bench-large-fax', ...options });
  try {
    return await bench(server);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const print = (title, rows) => {
    console.log(`\n${title}`);
    for (const [name, figure] of rows) console.log(`  ${name.padEnd(60)} ${figure}`);
  };
  // --product-only: the run through the product alone (a few minutes less).
  if (!process.argv.includes('--product-only')) {
    print('Benchmark: preparing the largest fax, our code alone (this machine)', await benchLargeFaxCode());
  }
  process.env.LOOPBACK_MS_PER_PAGE ??= '0';
  print(
    'Benchmark: the largest fax through the product as `npm start` runs it (R2 and D1 simulated in its workerd; this machine)',
    await withServer({}, (server) => benchLargeFax(server.url, server.pid)),
  );
  const traces = await mkdtemp(join(tmpdir(), 'fax-bench-trace-'));
  const inspectorPort = await freePort();
  try {
    const rows = await withServer({ inspectorPort, env: tracedWorkerdEnv(traces) }, async (server) => {
      const memory = await isolateMemory(`http://127.0.0.1:${inspectorPort}`);
      try {
        return await benchLargeFax(server.url, server.pid, { memory, trace: traceReader(traces) });
      } finally {
        memory.close();
      }
    });
    print('Benchmark: the same, inside a traced workerd (our Worker apart from the stand-ins)', rows);
  } finally {
    await rm(traces, { recursive: true, force: true });
  }
}
