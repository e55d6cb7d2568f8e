// The largest fax the product takes (issue 16): a scanned document of 349 pages just under the
// 50 MB limit (with its cover page, 350: the most a fax may have), and one of 300 pages (about 31 MB), each uploaded through the resumable flow, then
// sent with a cover page to a number of this instance, so it is also received. While each step
// runs, the server's workerd memory is sampled every 20 ms and GET /api/ping is timed back to back:
// its longest answer is the longest the Worker was kept from serving anything else. A deployed
// Worker has 128 MB; the target is 64 MB above the idle process. Figures only, never pass/fail.
//
// Alone: `node tests/bench/large-fax.mjs` (after `npx astro build`; BENCH_PORT to move it).
import { randomFillSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, PDFRawStream, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { startLocalServer } from '../support/local-server.mjs';
import { accountWithNumber, ok } from './bench-accounts.mjs';
import { describeWatch, mb, watchServer, workerdRss } from './server-watch.mjs';
import { completeUpload, sendChunks } from './upload-throughput.mjs';

const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
// A page scanned at 200 dpi in black and white, as a fax is sent.
const SCAN = { width: 1700, height: 2200 };
const ROW_BYTES = Math.ceil(SCAN.width / 8);

/**
 * One scanned page's image: 1 bit per pixel, Flate-compressed like a scanner's output. Rows of
 * noise stand for text (they do not compress); the rest is white. `bytes` is about its size.
 */
function scannedImage(bytes) {
  const pixels = new Uint8Array(ROW_BYTES * SCAN.height).fill(0xff);
  const noisyRows = Math.min(SCAN.height, Math.round(bytes / ROW_BYTES));
  const every = SCAN.height / noisyRows;
  for (let i = 0; i < noisyRows; i++) {
    const row = Math.floor(i * every);
    randomFillSync(pixels, row * ROW_BYTES, ROW_BYTES);
  }
  return deflateSync(pixels, { level: 1 });
}

/** A PDF of `pages` scanned pages of `totalBytes` or a little less; object streams as pdf-lib writes them, or a classic cross-reference table. */
async function scannedPdf(pages, totalBytes, objectStreams) {
  const pdf = await PDFDocument.create();
  const perPage = Math.floor((totalBytes - 256 * 1024) / pages) - 200;
  // Deflate's framing adds a little: aim the noise so the image comes out at its share.
  const aim = (perPage * perPage) / scannedImage(perPage).byteLength;
  for (let p = 0; p < pages; p++) {
    const data = scannedImage(aim);
    const image = pdf.context.register(
      PDFRawStream.of(
        pdf.context.obj({
          Type: 'XObject',
          Subtype: 'Image',
          Width: SCAN.width,
          Height: SCAN.height,
          ColorSpace: 'DeviceGray',
          BitsPerComponent: 1,
          Filter: 'FlateDecode',
          Length: data.byteLength,
        }),
        data,
      ),
    );
    const page = pdf.addPage([612, 792]);
    const name = page.node.newXObject('Scan', image);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject(name), popGraphicsState());
  }
  const bytes = await pdf.save({ useObjectStreams: objectStreams });
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new Error(`the bench document is ${bytes.byteLength} bytes, over the limit`);
  return bytes;
}

const COVER = {
  template: 'classic',
  toName: 'Dana Whitfield',
  toNumber: '(212) 555-0123',
  toCompany: 'Whitfield & Partners LLP',
  fromName: 'Sam Ortega',
  fromNumber: '(415) 555-2671',
  fromCompany: 'Ortega Design',
  subject: 'The scanned records',
  message: 'Hello Dana,\n\nThe scanned records are attached, every page of them.\n\nSam',
  localDateOptions: { hours: 9, minutes: 5, month: 11, date: 22, year: 2026, iso: '2026-11-22T09:05:00-05:00' },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function benchDocument(base, serverPid, idle, sender, receiver, label, bytes) {
  const rows = [];
  const chunks = await watchServer(base, serverPid, () => sendChunks(base, sender.headers, bytes, `${label}.pdf`));
  rows.push([`${label}: upload in ${chunks.result.puts} chunks`, describeWatch(chunks, idle)]);
  const complete = await watchServer(base, serverPid, () => completeUpload(base, sender.headers, chunks.result.uploadId));
  const file = complete.result;
  rows.push([`${label}: completion (checked, counted)`, `${file.pageCount} pages · ${describeWatch(complete, idle)}`]);
  const send = await watchServer(base, serverPid, () => sendAndReceive(base, sender, receiver, file.fileId, file.pageCount));
  const { sent, received } = send.result;
  rows.push([
    `${label}: sent with a cover → delivered, received`,
    `${sent.status} ${sent.pageCount} pages, ${received.status} ${received.pageCount} pages · ${describeWatch(send, idle)}`,
  ]);
  rows.push([`${label}: the fax PDF transmitted`, await transmittedPages(base, sender, sent.id)]);
  return rows;
}

/** @returns {Promise<Array<[string, string]>>} benchmark rows */
export async function benchLargeFax(base, serverPid) {
  const sender = await accountWithNumber(base, 'large-sender', '212', 'PRO');
  const receiver = await accountWithNumber(base, 'large-receiver', '212', 'PRO');
  const largest = await scannedPdf(349, MAX_DOCUMENT_BYTES, true);
  const threeHundred = await scannedPdf(300, 30.9 * 1000 * 1000, false);
  // Idle: the server has served sign-ups and settled.
  await sleep(2_000);
  const idle = workerdRss(serverPid);
  const rows = [['large fax: workerd idle', `${mb(idle)} (the target is +64 MB, the limit 128 MB)`]];
  rows.push(
    ...(await benchDocument(base, serverPid, idle, sender, receiver, `349 pages ${(largest.byteLength / 1e6).toFixed(1)} MB`, largest)),
  );
  rows.push(
    ...(await benchDocument(
      base,
      serverPid,
      idle,
      sender,
      receiver,
      `300 pages ${(threeHundred.byteLength / 1e6).toFixed(1)} MB`,
      threeHundred,
    )),
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.LOOPBACK_MS_PER_PAGE ??= '0';
  const server = await startLocalServer({ port: Number(process.env.BENCH_PORT ?? 8796), label: 'bench-large-fax' });
  try {
    const rows = await benchLargeFax(server.url, server.pid);
    console.log('\nBenchmark: the largest fax (local wrangler dev, this machine)');
    for (const [name, figure] of rows) console.log(`  ${name.padEnd(52)} ${figure}`);
  } finally {
    await server.stop();
  }
}
