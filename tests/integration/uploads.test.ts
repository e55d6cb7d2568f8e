import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { StoredFileView, UploadStatusView } from '../../src/common/uploads';
import { errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import {
  callRaw,
  completeUpload,
  makeEncryptedPdf,
  makeJpeg,
  makePdf,
  md5Of,
  noiseBytes,
  openUpload,
  putChunk,
  sendRange,
  uploadStatus,
} from '../support/documents';
import { scannedPdf } from '../support/pdf-structure';

// The resumable flow (docs/decisions/013-resumable-uploads.md) against real D1 and R2 multipart.

const KiB = 1024;
const MiB = 1024 * KiB;

async function keysOf(userId: string, under = ''): Promise<string[]> {
  return (await env.DOCUMENTS.list({ prefix: `users/${userId}/${under}` })).objects.map((o) => o.key);
}

async function statusOf(cookie: string, uploadId: string): Promise<UploadStatusView> {
  const response = await uploadStatus(cookie, uploadId);
  expect(response.status).toBe(200);
  return (await response.json()) as UploadStatusView;
}

/** A request body that sends `length` bytes of `bytes` and then fails, as a dropped connection does. */
function droppedBody(bytes: Uint8Array, length: number): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(new Error('connection dropped'));
      controller.enqueue(bytes.slice(0, length));
      sent = true;
    },
  });
}

describe('POST /api/uploads', () => {
  it('opens an upload: nothing received yet, and the part size chunks must respect', async () => {
    const { cookie } = await passwordAccount();
    const before = Date.now();
    const upload = await openUpload(cookie, 3 * MiB, 'contract.pdf');
    expect(upload).toMatchObject({ name: 'contract.pdf', size: 3 * MiB, received: 0, partSize: 8 * MiB, state: 'open', fileId: null });
    expect(upload.uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(upload.expiresAt).toBeGreaterThanOrEqual(before + 23 * 60 * 60 * 1000);
    expect(await statusOf(cookie, upload.uploadId)).toEqual(upload);
  });

  it('refuses a declared size above 50 MB with 413 FILE_TOO_LARGE', async () => {
    const { cookie } = await passwordAccount();
    const response = await callRaw('/api/uploads', {
      method: 'POST',
      cookie,
      body: JSON.stringify({ name: 'huge.pdf', contentType: 'application/pdf', size: 50 * MiB + 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe('FILE_TOO_LARGE');
    expect((await openUpload(cookie, 50 * MiB)).size).toBe(50 * MiB);
  });

  it.each([
    ['no size', { name: 'a.pdf' }],
    ['a size of 0', { name: 'a.pdf', size: 0 }],
    ['a fractional size', { name: 'a.pdf', size: 1.5 }],
    ['no name', { size: 10 }],
    ['a blank name', { name: '   ', size: 10 }],
    ['a name with a newline', { name: 'a\n.pdf', size: 10 }],
  ])('answers 400 for %s', async (_label, body) => {
    const { cookie } = await passwordAccount();
    const response = await callRaw('/api/uploads', {
      method: 'POST',
      cookie,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('INVALID_INPUT');
  });

  it('answers 401 without a session and 403 CROSS_ORIGIN from another site', async () => {
    const body = JSON.stringify({ name: 'a.pdf', size: 10 });
    const headers = { 'content-type': 'application/json' };
    expect((await callRaw('/api/uploads', { method: 'POST', body, headers })).status).toBe(401);
    const { cookie } = await passwordAccount();
    const crossSite = await callRaw('/api/uploads', {
      method: 'POST',
      cookie,
      body,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await errorCode(crossSite)).toBe('CROSS_ORIGIN');
  });
});

describe('PUT /api/uploads/:uploadId and complete', () => {
  it('goes back to the start of a part whose staged bytes are gone, and still stores the file whole', async () => {
    const { cookie, userId } = await passwordAccount();
    const bytes = await makePdf(2, { padBytes: 900 * KiB });
    const upload = await openUpload(cookie, bytes.byteLength);
    expect((await putChunk(cookie, upload.uploadId, 0, bytes.subarray(0, 256 * KiB))).status).toBe(200);
    const staged = await keysOf(userId, 'uploads/');
    expect(staged).toHaveLength(1);
    await env.DOCUMENTS.delete(staged);
    // The chunk that ends the part cannot make it whole: the client is sent back to its start.
    const rest = await putChunk(cookie, upload.uploadId, 256 * KiB, bytes.subarray(256 * KiB));
    expect(rest.status).toBe(409);
    expect(((await rest.json()) as { received: number }).received).toBe(0);
    expect(await sendRange(cookie, upload, bytes, 0, bytes.byteLength, 512 * KiB)).toBe(bytes.byteLength);
    const file = (await (await completeUpload(cookie, upload.uploadId)).json()) as StoredFileView;
    expect(file).toMatchObject({ size: bytes.byteLength, md5Hash: md5Of(bytes), pageCount: 2 });
    expect(md5Of(new Uint8Array(await (await env.DOCUMENTS.get(file.fullPath))!.arrayBuffer()))).toBe(md5Of(bytes));
  });

  it('takes a file in chunks and stores it byte for byte; asking to complete again answers the same file', async () => {
    const { cookie, userId } = await passwordAccount();
    const bytes = await makePdf(4, { padBytes: 600 * KiB });
    const upload = await openUpload(cookie, bytes.byteLength, 'minutes.pdf');
    expect(await sendRange(cookie, upload, bytes, 0, bytes.byteLength, 256 * KiB)).toBe(bytes.byteLength);
    expect(await keysOf(userId, 'uploads/')).toEqual([]); // the one part went to R2 when the last chunk came

    const completed = await completeUpload(cookie, upload.uploadId);
    expect(completed.status).toBe(201);
    const file = (await completed.json()) as StoredFileView;
    expect(file).toMatchObject({
      name: 'minutes.pdf',
      size: bytes.byteLength,
      md5Hash: md5Of(bytes),
      pageCount: 4,
      contentType: 'application/pdf',
    });
    // The document, and its outline kept for its cover page (decision 052).
    expect(await keysOf(userId)).toEqual([file.fullPath, `${file.fullPath}.outline`]);
    expect(await statusOf(cookie, upload.uploadId)).toMatchObject({ state: 'complete', received: bytes.byteLength, fileId: file.fileId });

    const again = await completeUpload(cookie, upload.uploadId);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(file);
    const metadata = await callRaw(`/api/files/${file.fileId}`, { cookie });
    expect(await metadata.json()).toEqual(file);
  });

  it('resumes an interrupted 18 MiB upload from GET status; the stored md5 is the source md5', async () => {
    const { cookie, userId } = await passwordAccount();
    const bytes = await makePdf(7, { padBytes: 18 * MiB });
    const size = bytes.byteLength;
    const upload = await openUpload(cookie, size, 'scan-archive.pdf');

    // Chunks of 256 KiB doubling, as the browser sends them, through the first part and into the second.
    let received = 0;
    for (let chunk = 256 * KiB; received < 8 * MiB; chunk *= 2) {
      received = await sendRange(cookie, upload, bytes, received, Math.min(received + chunk, 8 * MiB), chunk);
    }
    received = await sendRange(cookie, upload, bytes, received, 9 * MiB, MiB);
    expect(await keysOf(userId, 'uploads/')).toHaveLength(1); // 8–9 MiB waits for the rest of part 2

    // A chunk cut off half-way, Content-Length announced: nothing of it is kept.
    const cut = await callRaw(`/api/uploads/${upload.uploadId}?offset=${received}`, {
      method: 'PUT',
      cookie,
      body: droppedBody(bytes.slice(received, received + 2 * MiB), MiB),
      headers: { 'content-length': String(2 * MiB) },
    });
    expect(cut.status).toBe(400);
    expect(await errorCode(cut)).toBe('MALFORMED_BODY');
    expect((await statusOf(cookie, upload.uploadId)).received).toBe(9 * MiB);

    // Cut off with no length announced: the server keeps what arrived, and the status says so.
    await putChunk(cookie, upload.uploadId, 9 * MiB, droppedBody(bytes.slice(9 * MiB, 11 * MiB), MiB / 2));
    expect((await statusOf(cookie, upload.uploadId)).received).toBe(9.5 * MiB);
    received = await sendRange(cookie, upload, bytes, 9.5 * MiB, 10 * MiB, MiB);

    // A chunk whose answer never reached the client: the server has it, and says so.
    void (await putChunk(cookie, upload.uploadId, received, bytes.slice(received, 12 * MiB)));
    const afterDrop = await statusOf(cookie, upload.uploadId);
    expect(afterDrop.received).toBe(12 * MiB);

    // Sending the same chunk again is answered with where to go on from.
    const stale = await putChunk(cookie, upload.uploadId, received, bytes.slice(received, 12 * MiB));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: 'UPLOAD_OFFSET_MISMATCH' }, received: 12 * MiB });

    await sendRange(cookie, upload, bytes, afterDrop.received, size, 4 * MiB);
    const completed = await completeUpload(cookie, upload.uploadId);
    expect(completed.status).toBe(201);
    const file = (await completed.json()) as StoredFileView;
    expect(file).toMatchObject({ size, pageCount: 7, md5Hash: md5Of(bytes) });
    const row = await env.DB.prepare('SELECT md5_hash AS md5 FROM files WHERE id = ?').bind(file.fileId).first<{ md5: string }>();
    expect(row!.md5).toBe(md5Of(bytes));
    const stored = await env.DOCUMENTS.get(file.fullPath);
    expect(md5Of(new Uint8Array(await stored!.arrayBuffer()))).toBe(md5Of(bytes));
    expect(await keysOf(userId)).toEqual([file.fullPath, `${file.fullPath}.outline`]);
  }, 30_000); // 18 MiB through R2 multipart parts: seconds on a loaded 2-core machine

  it('answers 409 UPLOAD_OFFSET_MISMATCH with what the server holds', async () => {
    const { cookie } = await passwordAccount();
    const upload = await openUpload(cookie, 1000);
    const ahead = await putChunk(cookie, upload.uploadId, 5, noiseBytes(10));
    expect(ahead.status).toBe(409);
    expect(await ahead.json()).toEqual({
      error: { code: 'UPLOAD_OFFSET_MISMATCH', message: expect.any(String) },
      received: 0,
    });
    expect((await putChunk(cookie, upload.uploadId, 0, noiseBytes(100))).status).toBe(200);
    const behind = await putChunk(cookie, upload.uploadId, 0, noiseBytes(100));
    expect(behind.status).toBe(409);
    expect(((await behind.json()) as { received: number }).received).toBe(100);
  });

  it('refuses chunks that are empty, run past the declared size, or cross a part', async () => {
    const { cookie } = await passwordAccount();
    const small = await openUpload(cookie, 1000);
    const empty = await putChunk(cookie, small.uploadId, 0, new Uint8Array(0));
    expect(empty.status).toBe(400);
    const past = await putChunk(cookie, small.uploadId, 0, noiseBytes(1001));
    expect(past.status).toBe(413);
    expect(await errorCode(past)).toBe('PAYLOAD_TOO_LARGE');

    const big = await openUpload(cookie, 12 * MiB);
    await sendRange(cookie, big, noiseBytes(8 * MiB), 0, 7 * MiB, 4 * MiB);
    const crossing = await putChunk(cookie, big.uploadId, 7 * MiB, noiseBytes(2 * MiB));
    expect(crossing.status).toBe(400);
    expect(await errorCode(crossing)).toBe('INVALID_INPUT');
    const overPart = await putChunk(cookie, big.uploadId, 7 * MiB, noiseBytes(8 * MiB + 1));
    expect(overPart.status).toBe(413);
    expect((await statusOf(cookie, big.uploadId)).received).toBe(7 * MiB);
  });

  it('answers 400 for a missing or malformed offset', async () => {
    const { cookie } = await passwordAccount();
    const upload = await openUpload(cookie, 100);
    for (const query of ['', '?offset=', '?offset=-1', '?offset=1e3', '?offset=abc']) {
      const response = await callRaw(`/api/uploads/${upload.uploadId}${query}`, { method: 'PUT', cookie, body: noiseBytes(10) });
      expect(response.status).toBe(400);
    }
  });

  it('refuses to complete before every byte is in: 409 UPLOAD_INCOMPLETE', async () => {
    const { cookie } = await passwordAccount();
    const upload = await openUpload(cookie, 1000);
    await putChunk(cookie, upload.uploadId, 0, noiseBytes(999));
    const response = await completeUpload(cookie, upload.uploadId);
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('UPLOAD_INCOMPLETE');
    expect((await statusOf(cookie, upload.uploadId)).state).toBe('open');
  });

  it('converts an image sent through the resumable flow', async () => {
    const { cookie, userId } = await passwordAccount();
    const bytes = makeJpeg(700 * KiB, { width: 24, height: 16 });
    const upload = await openUpload(cookie, bytes.byteLength, 'photo.jpg');
    await sendRange(cookie, upload, bytes, 0, bytes.byteLength, 256 * KiB);
    const completed = await completeUpload(cookie, upload.uploadId);
    expect(completed.status).toBe(201);
    const file = (await completed.json()) as StoredFileView;
    expect(file).toMatchObject({ pageCount: 1, customMetadata: { originalContentType: 'image/jpeg' } });
    const stored = new Uint8Array(await (await env.DOCUMENTS.get(file.fullPath))!.arrayBuffer());
    expect(new TextDecoder().decode(stored.slice(0, 5))).toBe('%PDF-');
    expect(md5Of(stored)).toBe(file.md5Hash);
    expect(await keysOf(userId)).toEqual([file.fullPath]);
  });

  it.each([
    ['an encrypted PDF', 400, 'ENCRYPTED_DOCUMENT', () => makeEncryptedPdf()],
    ['ZIP bytes named .pdf', 415, 'UNSUPPORTED_FILE_TYPE', async () => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...noiseBytes(400 * KiB)])],
    [
      'a corrupt PDF',
      400,
      'CORRUPT_DOCUMENT',
      async () => new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...noiseBytes(300 * KiB)]),
    ],
  ])('refuses %s at completion and removes the upload and its bytes', async (_label, status, code, build) => {
    const { cookie, userId } = await passwordAccount();
    const bytes = await build();
    const upload = await openUpload(cookie, bytes.byteLength, 'document.pdf');
    await sendRange(cookie, upload, bytes, 0, bytes.byteLength, 128 * KiB);
    const response = await completeUpload(cookie, upload.uploadId);
    expect(response.status).toBe(status);
    expect(await errorCode(response)).toBe(code);
    expect(await keysOf(userId)).toEqual([]);
    expect((await uploadStatus(cookie, upload.uploadId)).status).toBe(404);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM files WHERE user_id = ?').bind(userId).first('n')).toBe(0);
  });
});

describe('a large scanned document', () => {
  it('is read from R2 piece by piece at completion: every page counted, its MD5 the file’s, kept byte for byte', async () => {
    const { cookie } = await passwordAccount();
    const bytes = await scannedPdf(300);
    const upload = await openUpload(cookie, bytes.byteLength, 'records.pdf');
    await sendRange(cookie, upload, bytes, 0, bytes.byteLength, 2 * MiB);
    const completed = await completeUpload(cookie, upload.uploadId);
    expect(completed.status).toBe(201);
    const file = (await completed.json()) as StoredFileView;
    expect(file).toMatchObject({ pageCount: 300, size: bytes.byteLength, md5Hash: md5Of(bytes) });
    expect(md5Of(new Uint8Array(await (await env.DOCUMENTS.get(file.fullPath))!.arrayBuffer()))).toBe(md5Of(bytes));
  });
});

describe('DELETE /api/uploads/:uploadId', () => {
  it('cancels: the R2 multipart upload is aborted and every staged byte removed', async () => {
    const { cookie, userId } = await passwordAccount();
    const bytes = noiseBytes(10 * MiB);
    const upload = await openUpload(cookie, bytes.byteLength);
    await sendRange(cookie, upload, bytes, 0, 9 * MiB, 8 * MiB);
    expect(await keysOf(userId)).toHaveLength(1);

    const response = await callRaw(`/api/uploads/${upload.uploadId}`, { method: 'DELETE', cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ canceled: true });
    expect(await keysOf(userId)).toEqual([]);
    expect((await uploadStatus(cookie, upload.uploadId)).status).toBe(404);
    expect((await putChunk(cookie, upload.uploadId, 9 * MiB, noiseBytes(10))).status).toBe(404);
    expect((await completeUpload(cookie, upload.uploadId)).status).toBe(404);
  });

  it('leaves a completed upload and its file alone (404)', async () => {
    const { cookie, userId } = await passwordAccount();
    const bytes = await makePdf(1);
    const upload = await openUpload(cookie, bytes.byteLength);
    await putChunk(cookie, upload.uploadId, 0, bytes);
    const file = (await (await completeUpload(cookie, upload.uploadId)).json()) as StoredFileView;
    expect((await callRaw(`/api/uploads/${upload.uploadId}`, { method: 'DELETE', cookie })).status).toBe(404);
    expect(await keysOf(userId)).toEqual([file.fullPath, `${file.fullPath}.outline`]);
  });
});

describe('owners and abandoned uploads', () => {
  it("answers 404 for another user's upload on every route, and 401 without a session", async () => {
    const owner = await passwordAccount();
    const upload = await openUpload(owner.cookie, 100);
    const other = await passwordAccount();
    const calls = [
      () => uploadStatus(other.cookie, upload.uploadId),
      () => putChunk(other.cookie, upload.uploadId, 0, noiseBytes(100)),
      () => completeUpload(other.cookie, upload.uploadId),
      () => callRaw(`/api/uploads/${upload.uploadId}`, { method: 'DELETE', cookie: other.cookie }),
    ];
    for (const send of calls) {
      const response = await send();
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('NOT_FOUND');
    }
    expect(await statusOf(owner.cookie, upload.uploadId)).toMatchObject({ received: 0, state: 'open' });
    expect((await uploadStatus(null, upload.uploadId)).status).toBe(401);
    expect((await putChunk(null, upload.uploadId, 0, noiseBytes(100))).status).toBe(401);
    expect((await completeUpload(null, upload.uploadId)).status).toBe(401);
    expect((await uploadStatus(owner.cookie, 'not-a-uuid')).status).toBe(400);
  });

  it('refuses an abandoned upload with 404 and removes what it held', async () => {
    const { cookie, userId } = await passwordAccount();
    const upload = await openUpload(cookie, 1000);
    await putChunk(cookie, upload.uploadId, 0, noiseBytes(300));
    expect(await keysOf(userId, 'uploads/')).toHaveLength(1);
    await env.DB.prepare('UPDATE uploads SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, upload.uploadId)
      .run();

    expect((await uploadStatus(cookie, upload.uploadId)).status).toBe(404);
    expect(await keysOf(userId)).toEqual([]);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM uploads WHERE id = ?').bind(upload.uploadId).first('n')).toBe(0);
  });

  it("clears the user's abandoned uploads when they open another", async () => {
    const { cookie, userId } = await passwordAccount();
    const old = await openUpload(cookie, 1000);
    await putChunk(cookie, old.uploadId, 0, noiseBytes(300));
    await env.DB.prepare('UPDATE uploads SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, old.uploadId)
      .run();
    const fresh = await openUpload(cookie, 1000);
    expect(await keysOf(userId)).toEqual([]);
    const { results } = await env.DB.prepare('SELECT id FROM uploads WHERE user_id = ?').bind(userId).all<{ id: string }>();
    expect(results.map((r) => r.id)).toEqual([fresh.uploadId]);
  });
});
