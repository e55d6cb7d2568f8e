import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '../support/client';
import { corpusUser, uploadPdf, uploadPdfInParts } from '../support/corpus';
import { SAMPLE_COVER, waitForFaxDone } from '../support/faxes';
import { scannedPdf } from '../support/pdf-structure';
import { sendFax } from '../support/send-fax';

// An upload's check keeps the document's outline beside it (decision 052), and a fax's dispatch
// appends the cover page from it instead of reading the whole document again: the fax transmitted
// must be the same PDF either way, and the outline must go when its document goes.

type Owner = Awaited<ReturnType<typeof corpusUser>>;

const outlineKey = (owner: Owner, fileId: string): string => `users/${owner.userId}/documents/${fileId}.outline`;

async function objectBytes(key: string): Promise<Uint8Array | null> {
  const object = await env.DOCUMENTS.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** Sends `fileId` with the sample cover, to its end: the PDF the carrier was handed. */
async function transmitted(owner: Owner, fileId: string, pageCount: number): Promise<Uint8Array> {
  const response = await sendFax(owner.cookie, { toNumber: '(312) 555-0100', fileId, coverpage: SAMPLE_COVER, pageCount });
  expect(response.status).toBe(201);
  const { faxId } = (await response.json()) as { faxId: string };
  const fax = await waitForFaxDone(faxId);
  expect({ status: fax.status, pages: fax.pages_sent }).toEqual({ status: 'DELIVERED', pages: pageCount + 1 });
  const bytes = await objectBytes(`users/${owner.userId}/faxes/${faxId}.pdf`);
  if (!bytes) throw new Error(`fax ${faxId} has no transmitted PDF`);
  return bytes;
}

describe('the outline kept at upload', () => {
  it('is kept by both uploads, and a fax made from it is the PDF one read afresh would be', async () => {
    const owner = await corpusUser();
    const document = await scannedPdf(12);
    const { file } = await uploadPdf(owner.cookie, 'scan.pdf', document);
    if (!file) throw new Error('the scan was refused');
    expect(await objectBytes(outlineKey(owner, file.fileId))).not.toBeNull();

    const fromKept = await transmitted(owner, file.fileId, file.pageCount);
    await env.DOCUMENTS.delete(outlineKey(owner, file.fileId));
    const fromScan = await transmitted(owner, file.fileId, file.pageCount);
    expect(fromKept).toEqual(fromScan);
    expect(fromKept.subarray(0, document.byteLength)).toEqual(document);

    // The resumable upload keeps one too (the first upload's was removed above).
    await uploadPdfInParts(owner.cookie, 'in-parts.pdf', document);
    const listed = await env.DOCUMENTS.list({ prefix: `users/${owner.userId}/documents/` });
    expect(listed.objects.filter((object) => object.key.endsWith('.outline'))).toHaveLength(1);
  });

  it('is not trusted when it does not match the document: the fax is read afresh', async () => {
    const owner = await corpusUser();
    const { file } = await uploadPdf(owner.cookie, 'scan.pdf', await scannedPdf(4));
    if (!file) throw new Error('the scan was refused');
    const expected = await transmitted(owner, file.fileId, file.pageCount);
    await env.DOCUMENTS.put(outlineKey(owner, file.fileId), '{"format":1,"size":12}');
    expect(await transmitted(owner, file.fileId, file.pageCount)).toEqual(expected);
  });

  it('goes with its document when the fax using it is deleted forever', async () => {
    const owner = await corpusUser();
    const { file } = await uploadPdf(owner.cookie, 'scan.pdf', await scannedPdf(2));
    if (!file) throw new Error('the scan was refused');
    const response = await sendFax(owner.cookie, {
      toNumber: '(312) 555-0100',
      fileId: file.fileId,
      coverpage: SAMPLE_COVER,
      pageCount: 2,
    });
    const { faxId } = (await response.json()) as { faxId: string };
    await waitForFaxDone(faxId);
    const post = (path: string, body: object) => call(path, { method: 'POST', cookie: owner.cookie, body });
    expect((await post('/api/trashFaxes', { faxIds: [faxId] })).status).toBe(200);
    expect((await post('/api/deleteFaxesForever', { faxIds: [faxId] })).status).toBe(200);
    expect(await env.DOCUMENTS.head(`users/${owner.userId}/documents/${file.fileId}`)).toBeNull();
    expect(await env.DOCUMENTS.head(outlineKey(owner, file.fileId))).toBeNull();
  });
});
