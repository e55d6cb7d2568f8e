import { env } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { StoredFileView } from '../../src/common/uploads';
import { errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { callRaw, makeEncryptedPdf, makeJpeg, makePdf, makePng, md5Of, noiseBytes, postFile, uploadFile } from '../support/documents';

// POST /api/files (one-shot, up to 256 KB), GET /api/files/:id and /content, against real D1 and R2.

async function keysOf(userId: string): Promise<string[]> {
  return (await env.DOCUMENTS.list({ prefix: `users/${userId}/` })).objects.map((o) => o.key);
}

async function pageSizeOf(pdfBytes: Uint8Array): Promise<{ pages: number; width: number; height: number }> {
  const pdf = await PDFDocument.load(pdfBytes);
  const { width, height } = pdf.getPage(0).getSize();
  return { pages: pdf.getPageCount(), width, height };
}

describe('POST /api/files', () => {
  it('stores a PDF as it is, with the spec metadata and its page count', async () => {
    const { cookie, userId } = await passwordAccount();
    const bytes = await makePdf(3);
    const before = Date.now();
    const response = await postFile(cookie, bytes, 'Lease (signed).pdf', 'application/pdf');
    expect(response.status).toBe(201);
    const file = (await response.json()) as StoredFileView;
    expect(file).toMatchObject({
      bucket: 'fax-documents',
      name: 'Lease (signed).pdf',
      fullPath: `users/${userId}/documents/${file.fileId}`,
      size: bytes.byteLength,
      contentType: 'application/pdf',
      md5Hash: md5Of(bytes),
      pageCount: 3,
      cacheControl: 'private, max-age=0, must-revalidate',
      contentEncoding: 'identity',
      contentLanguage: null,
      customMetadata: { originalContentType: 'application/pdf' },
    });
    expect(file.contentDisposition).toBe(`inline; filename="Lease (signed).pdf"; filename*=UTF-8''Lease%20(signed).pdf`);
    expect(Date.parse(file.timeCreated)).toBeGreaterThanOrEqual(before - 1000);
    expect(file.updated).toBe(file.timeCreated);
    expect(file.timeCreated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const object = await env.DOCUMENTS.get(file.fullPath);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    expect(object!.httpMetadata?.contentType).toBe('application/pdf');
    // The document, and its outline kept for its cover page (decision 052).
    expect(await keysOf(userId)).toEqual([file.fullPath, `${file.fullPath}.outline`]);
  });

  it('turns a PNG into a one-page PDF, on a landscape page when the image is wide', async () => {
    const { cookie } = await passwordAccount();
    const file = await uploadFile(cookie, makePng(40, 20), 'diagram.png');
    expect(file).toMatchObject({ pageCount: 1, contentType: 'application/pdf', customMetadata: { originalContentType: 'image/png' } });
    const stored = new Uint8Array(await (await env.DOCUMENTS.get(file.fullPath))!.arrayBuffer());
    expect(stored.byteLength).toBe(file.size);
    expect(md5Of(stored)).toBe(file.md5Hash);
    expect(await pageSizeOf(stored)).toEqual({ pages: 1, width: 792, height: 612 });
    expect(file.contentDisposition).toContain('filename="diagram.pdf"');
  });

  it('turns a JPEG into a one-page portrait PDF, whatever the name says', async () => {
    const { cookie } = await passwordAccount();
    const file = await uploadFile(cookie, makeJpeg(20_000, { width: 16, height: 24 }), 'scan.pdf');
    expect(file).toMatchObject({ pageCount: 1, name: 'scan.pdf', customMetadata: { originalContentType: 'image/jpeg' } });
    const stored = new Uint8Array(await (await env.DOCUMENTS.get(file.fullPath))!.arrayBuffer());
    expect(await pageSizeOf(stored)).toEqual({ pages: 1, width: 612, height: 792 });
  });

  it('takes a PDF of 350 pages and refuses 351 with 400 TOO_MANY_PAGES', async () => {
    const { cookie, userId } = await passwordAccount();
    expect((await uploadFile(cookie, await makePdf(350), 'long.pdf')).pageCount).toBe(350);
    const refused = await postFile(cookie, await makePdf(351), 'longer.pdf');
    expect(refused.status).toBe(400);
    expect(await errorCode(refused)).toBe('TOO_MANY_PAGES');
    // Only what the 350 pages left: their document and its outline.
    expect(await keysOf(userId)).toHaveLength(2);
  });

  it.each([
    ['ZIP bytes named .pdf', new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...noiseBytes(200)]), 'report.pdf'],
    ['plain text named .pdf', new TextEncoder().encode('Dear Sir, please find the contract attached.'), 'letter.pdf'],
    ['a TIFF', new Uint8Array([0x49, 0x49, 0x2a, 0x00, ...noiseBytes(200)]), 'fax.tiff'],
    ['a GIF named .png', new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 'pic.png'],
  ])('refuses %s with 415 UNSUPPORTED_FILE_TYPE', async (_label, bytes, name) => {
    const { cookie, userId } = await passwordAccount();
    const response = await postFile(cookie, bytes, name, 'application/pdf');
    expect(response.status).toBe(415);
    expect(await errorCode(response)).toBe('UNSUPPORTED_FILE_TYPE');
    expect(await keysOf(userId)).toEqual([]);
  });

  it('refuses an encrypted PDF with 400 ENCRYPTED_DOCUMENT', async () => {
    const { cookie, userId } = await passwordAccount();
    const response = await postFile(cookie, await makeEncryptedPdf(), 'secret.pdf');
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('ENCRYPTED_DOCUMENT');
    expect(await keysOf(userId)).toEqual([]);
  });

  it.each([
    ['a PDF header over noise', async () => new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...noiseBytes(3000)])],
    ['half a PDF', async () => (await makePdf(2)).slice(0, 500)],
    ['a PNG signature over noise', async () => new Uint8Array([...makePng().slice(0, 8), ...noiseBytes(300)])],
    ['a JPEG with no frame header', async () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xd9])],
  ])('refuses %s with 400 CORRUPT_DOCUMENT', async (_label, build) => {
    const { cookie, userId } = await passwordAccount();
    const response = await postFile(cookie, await build(), 'broken.pdf');
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('CORRUPT_DOCUMENT');
    expect(await keysOf(userId)).toEqual([]);
  });

  it('refuses a file above 256 KB with 413, naming the resumable flow', async () => {
    const { cookie, userId } = await passwordAccount();
    const justOver = await postFile(cookie, await makePdf(1, { padBytes: 256 * 1024 }), 'big.pdf');
    expect(justOver.status).toBe(413);
    const body = (await justOver.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.error.message).toContain('/api/uploads');
    const wayOver = await postFile(cookie, noiseBytes(2 * 1024 * 1024), 'huge.pdf');
    expect(wayOver.status).toBe(413);
    expect(await errorCode(wayOver)).toBe('PAYLOAD_TOO_LARGE');
    expect(await keysOf(userId)).toEqual([]);
  });

  it('takes a PDF just under 256 KB in one shot', async () => {
    const { cookie } = await passwordAccount();
    const bytes = await makePdf(1, { padBytes: 250 * 1024 });
    expect(bytes.byteLength).toBeLessThanOrEqual(256 * 1024);
    expect((await uploadFile(cookie, bytes, 'almost.pdf')).md5Hash).toBe(md5Of(bytes));
  });

  it('answers 400 without a file field, or for a JSON body', async () => {
    const { cookie } = await passwordAccount();
    const form = new FormData();
    form.append('file', 'not a file');
    const noFile = await callRaw('/api/files', { method: 'POST', cookie, body: form });
    expect(noFile.status).toBe(400);
    expect(await errorCode(noFile)).toBe('INVALID_INPUT');
    const json = await callRaw('/api/files', {
      method: 'POST',
      cookie,
      body: '{"file":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
  });

  it('answers 401 without a session and 403 CROSS_ORIGIN from another site', async () => {
    const bytes = await makePdf(1);
    const anonymous = await postFile(null, bytes, 'a.pdf');
    expect(anonymous.status).toBe(401);
    expect(await errorCode(anonymous)).toBe('UNAUTHENTICATED');

    const { cookie, userId } = await passwordAccount();
    const form = new FormData();
    form.append('file', new File([bytes], 'a.pdf'));
    const crossSite = await callRaw('/api/files', {
      method: 'POST',
      cookie,
      body: form,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await errorCode(crossSite)).toBe('CROSS_ORIGIN');
    expect(await keysOf(userId)).toEqual([]);
  });

  it('still limits JSON bodies elsewhere to 64 KB', async () => {
    const { cookie } = await passwordAccount();
    const response = await callRaw('/api/uploads', {
      method: 'POST',
      cookie,
      body: JSON.stringify({ name: 'x'.repeat(70 * 1024), size: 10 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
  });
});

describe('GET /api/files/:fileId and /content', () => {
  it('answers the metadata, and the stored PDF inline', async () => {
    const { cookie } = await passwordAccount();
    const bytes = await makePdf(2);
    const file = await uploadFile(cookie, bytes, 'résumé.pdf');

    const metadata = await callRaw(`/api/files/${file.fileId}`, { cookie });
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toEqual(file);

    const content = await callRaw(`/api/files/${file.fileId}/content`, { cookie });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(content.headers.get('content-disposition')).toBe(`inline; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`);
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(bytes);
  });

  it("answers 404 for another user's file, and for an unknown one", async () => {
    const owner = await passwordAccount();
    const file = await uploadFile(owner.cookie, await makePdf(1), 'mine.pdf');
    const other = await passwordAccount();
    for (const path of [`/api/files/${file.fileId}`, `/api/files/${file.fileId}/content`, `/api/files/${crypto.randomUUID()}`]) {
      const response = await callRaw(path, { cookie: other.cookie });
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('NOT_FOUND');
    }
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    const { cookie } = await passwordAccount();
    expect((await callRaw('/api/files/not-a-uuid', { cookie })).status).toBe(400);
    const file = await uploadFile(cookie, await makePdf(1), 'a.pdf');
    expect((await callRaw(`/api/files/${file.fileId}`)).status).toBe(401);
    expect((await callRaw(`/api/files/${file.fileId}/content`)).status).toBe(401);
  });
});
