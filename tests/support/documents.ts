import { env, exports } from 'cloudflare:workers';
import { createHash } from 'node:crypto';
import { PDFDocument, PDFHexString } from 'pdf-lib';
import type { StoredFileView, UploadStatusView } from '../../src/common/uploads';
import { ORIGIN } from './client';

// Documents to upload (real PDFs, PNGs and JPEGs that pdf-lib reads, and ones it must refuse) and
// the raw-bytes calls of the upload API, which support/client.ts (JSON only) does not make.

/** Deterministic filler that does not compress, so sizes stay what was asked for. */
export function noiseBytes(length: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/** A PDF with `pages` US Letter pages; `padBytes` adds an unreferenced stream of noise to make it big. */
export async function makePdf(pages: number, { padBytes = 0 } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 72, y: 700, size: 24 });
  if (padBytes > 0) pdf.context.register(pdf.context.stream(noiseBytes(padBytes)));
  return pdf.save();
}

/**
 * A document the user uploaded earlier, made straight in R2 and D1 (its object and `files` row):
 * answers the file id. `recordedPages` lets a test claim more pages than the bytes hold.
 */
export async function storedDocument(
  userId: string,
  pages: number,
  { bytes, recordedPages = pages, name = `document-${pages}p.pdf` }: { bytes?: Uint8Array; recordedPages?: number; name?: string } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const key = `users/${userId}/documents/${id}`;
  const body = bytes ?? (await makePdf(pages));
  await env.DOCUMENTS.put(key, body, { httpMetadata: { contentType: 'application/pdf' } });
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO files (id, user_id, r2_key, name, size, content_type, md5_hash, page_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'application/pdf', '', ?, ?, ?)`,
  )
    .bind(id, userId, key, name, body.byteLength, recordedPages, now, now)
    .run();
  return id;
}

/** A one-page PDF whose trailer names a (standard security handler) encryption dictionary. */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText('secret', { x: 72, y: 700, size: 24 });
  const key = PDFHexString.of('00'.repeat(32));
  pdf.context.trailerInfo.Encrypt = pdf.context.register(pdf.context.obj({ Filter: 'Standard', V: 1, R: 2, O: key, U: key, P: -44 }));
  return pdf.save({ useObjectStreams: false });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function pngChunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...new TextEncoder().encode(type), ...data]);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

/** zlib with one stored (uncompressed) deflate block: valid, and no compressor needed. */
function zlibStored(data: Uint8Array): Uint8Array {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const len = data.length;
  return new Uint8Array([0x78, 0x01, 0x01, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff, ...data, ...u32(((b << 16) | a) >>> 0)]);
}

/** An RGB PNG, `width` × `height` (small: one stored deflate block holds at most 65535 bytes). */
export function makePng(width = 40, height = 20): Uint8Array {
  const rows = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([x * 6, y * 12, 128], y * (1 + width * 3) + 1 + x * 3);
  }
  const header = new Uint8Array([...u32(width), ...u32(height), 8, 2, 0, 0, 0]);
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...pngChunk('IHDR', header),
    ...pngChunk('IDAT', zlibStored(rows)),
    ...pngChunk('IEND', new Uint8Array(0)),
  ]);
}

function segment(marker: number, data: readonly number[] | Uint8Array): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/**
 * A valid baseline JPEG: one flat grey 8×8 block (Huffman tables of one code each), padded with
 * COM segments to about `approxBytes`.
 */
export function makeJpeg(approxBytes = 1024, { width = 8, height = 8 } = {}): Uint8Array {
  const head = [
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]),
    ...segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]),
  ];
  // Every block: DC difference 0 (code 0), then end-of-block (code 0); padded with 1 bits.
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = new Array<number>(Math.ceil((blocks * 2) / 8)).fill(0);
  const bits = blocks * 2;
  if (bits % 8) scan[scan.length - 1] = 0xff >> (bits % 8);
  const tail = [...segment(0xda, [1, 1, 0x00, 0, 63, 0]), ...scan, 0xff, 0xd9];
  const padding: number[] = [];
  let missing = approxBytes - head.length - tail.length;
  while (missing > 4) {
    const size = Math.min(missing - 4, 65533);
    padding.push(...segment(0xfe, new Uint8Array(size).fill(0x20)));
    missing -= size + 4;
  }
  return new Uint8Array([...head, ...padding, ...tail]);
}

export function md5Of(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

export interface RawCall {
  method?: string;
  cookie?: string | null;
  body?: BodyInit | null;
  headers?: Record<string, string>;
}

/** Like support/client.ts call(), with any body (form data, bytes, a stream). */
export async function callRaw(path: string, options: RawCall = {}): Promise<Response> {
  const headers = new Headers({ origin: ORIGIN, ...options.headers });
  if (options.cookie) headers.set('cookie', options.cookie);
  const init: RequestInit & { duplex?: 'half' } = { method: options.method ?? 'GET', headers, body: options.body ?? null };
  if (options.body instanceof ReadableStream) init.duplex = 'half';
  return exports.default.fetch(new Request(ORIGIN + path, init));
}

/** POST /api/files with the bytes as form field `file`. */
export function postFile(cookie: string | null, bytes: Uint8Array, name: string, type = 'application/octet-stream'): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return callRaw('/api/files', { method: 'POST', cookie, body: form });
}

export async function uploadFile(cookie: string, bytes: Uint8Array, name: string): Promise<StoredFileView> {
  const response = await postFile(cookie, bytes, name);
  if (response.status !== 201) throw new Error(`POST /api/files answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as StoredFileView;
}

export async function openUpload(cookie: string, size: number, name = 'big.pdf'): Promise<UploadStatusView> {
  const response = await callRaw('/api/uploads', {
    method: 'POST',
    cookie,
    body: JSON.stringify({ name, contentType: 'application/pdf', size }),
    headers: { 'content-type': 'application/json' },
  });
  if (response.status !== 201) throw new Error(`POST /api/uploads answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as UploadStatusView;
}

export function putChunk(cookie: string | null, uploadId: string, offset: number, body: BodyInit): Promise<Response> {
  return callRaw(`/api/uploads/${uploadId}?offset=${offset}`, {
    method: 'PUT',
    cookie,
    body,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

export function uploadStatus(cookie: string | null, uploadId: string): Promise<Response> {
  return callRaw(`/api/uploads/${uploadId}`, { cookie });
}

export function completeUpload(cookie: string | null, uploadId: string): Promise<Response> {
  return callRaw(`/api/uploads/${uploadId}/complete`, { method: 'POST', cookie });
}

/** Sends bytes [from, to) in chunks no longer than `chunk`, never crossing a part; answers `received`. */
export async function sendRange(
  cookie: string,
  upload: UploadStatusView,
  bytes: Uint8Array,
  from: number,
  to: number,
  chunk: number,
): Promise<number> {
  let offset = from;
  while (offset < to) {
    const partEnd = (Math.floor(offset / upload.partSize) + 1) * upload.partSize;
    const end = Math.min(offset + chunk, partEnd, to);
    const response = await putChunk(cookie, upload.uploadId, offset, bytes.slice(offset, end));
    if (response.status !== 200) throw new Error(`PUT at ${offset} answered ${response.status}: ${await response.text()}`);
    offset = ((await response.json()) as { received: number }).received;
  }
  return offset;
}
