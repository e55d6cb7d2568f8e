// Upload throughput of a 20 MB document through the resumable flow (the browser client's chunk
// schedule: 256 KB doubling below 32 MB, never crossing an 8 MiB part), against a raw R2 put of the
// same bytes in a local R2 of the same runtime (wrangler's platform proxy), in the same run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { getPlatformProxy } from 'wrangler';

const SIZE = 20 * 1024 * 1024;
const FIRST_CHUNK = 256 * 1024;
const CHUNK_LIMIT = 32 * 1024 * 1024;

/** A valid PDF of about `bytes` bytes: one page and an incompressible attachment. */
async function largePdf(bytes) {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText('Benchmark document', { x: 72, y: 700, size: 24 });
  const filler = new Uint8Array(bytes - 4096);
  for (let at = 0; at < filler.length; at += 65536) crypto.getRandomValues(filler.subarray(at, at + 65536));
  await pdf.attach(filler, 'filler.bin', { mimeType: 'application/octet-stream' });
  return pdf.save({ useObjectStreams: false });
}

/** Opens a resumable upload and sends every chunk; answers the upload's id and how many chunks it took. */
export async function sendChunks(base, headers, bytes, name = 'bench.pdf') {
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name, contentType: 'application/pdf', size: bytes.byteLength }),
  }).then((r) => r.json());
  const { uploadId, partSize } = created;
  let offset = 0;
  let chunk = FIRST_CHUNK;
  let puts = 0;
  while (offset < bytes.byteLength) {
    const partEnd = (Math.floor(offset / partSize) + 1) * partSize;
    const end = Math.min(offset + chunk, partEnd, bytes.byteLength);
    const res = await fetch(`${base}/api/uploads/${uploadId}?offset=${offset}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: bytes.subarray(offset, end),
    });
    if (!res.ok) throw new Error(`chunk at ${offset} answered ${res.status}: ${await res.text()}`);
    offset = (await res.json()).received;
    puts += 1;
    if (chunk * 2 < CHUNK_LIMIT) chunk *= 2;
  }
  return { uploadId, puts };
}

/** Completes the upload (the document is checked and counted); answers the stored file. */
export async function completeUpload(base, headers, uploadId) {
  const done = await fetch(`${base}/api/uploads/${uploadId}/complete`, { method: 'POST', headers });
  if (done.status !== 201) throw new Error(`complete answered ${done.status}: ${await done.text()}`);
  return done.json();
}

async function uploadResumable(base, headers, bytes) {
  const { uploadId, puts } = await sendChunks(base, headers, bytes);
  const completeStarted = performance.now();
  await completeUpload(base, headers, uploadId);
  return { puts, completeMs: performance.now() - completeStarted };
}

/** Rows of figures for tests/bench/run.mjs. `headers` carry the session cookie and the origin. */
export async function benchUpload(base, headers) {
  const bytes = await largePdf(SIZE);
  const mb = bytes.byteLength / (1024 * 1024);

  const started = performance.now();
  const { puts, completeMs } = await uploadResumable(base, headers, bytes);
  const uploadMs = performance.now() - started;

  // A configuration with the R2 binding alone: the Worker's own would start its Durable Objects too.
  const stateDir = mkdtempSync(join(tmpdir(), 'fax-bench-r2-'));
  const configPath = join(stateDir, 'wrangler.toml');
  writeFileSync(configPath, 'compatibility_date = "2026-10-01"\n[[r2_buckets]]\nbinding = "DOCUMENTS"\nbucket_name = "fax-documents"\n');
  const proxy = await getPlatformProxy({ configPath, persist: { path: join(stateDir, 'state') } });
  let rawMs;
  try {
    const rawStarted = performance.now();
    await proxy.env.DOCUMENTS.put('bench/raw.pdf', bytes);
    rawMs = performance.now() - rawStarted;
  } finally {
    await proxy.dispose();
    rmSync(stateDir, { recursive: true, force: true });
  }

  return [
    [
      `upload ${mb.toFixed(1)} MB (resumable, ${puts} chunks)`,
      `${uploadMs.toFixed(0)} ms · ${(mb / (uploadMs / 1000)).toFixed(1)} MB/s (of which completion: md5 + page count ${completeMs.toFixed(0)} ms)`,
    ],
    [`raw R2 put of the same ${mb.toFixed(1)} MB`, `${rawMs.toFixed(0)} ms · ${(mb / (rawMs / 1000)).toFixed(1)} MB/s`],
    ['upload / raw R2 put', `${(uploadMs / rawMs).toFixed(2)}× the time`],
  ];
}
