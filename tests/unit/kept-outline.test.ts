import { files, manifest } from 'virtual:real-world-corpus';
import { describe, expect, it } from 'vitest';
import { coverPageSchema } from '../../src/common/cover-page';
import { bytesSource } from '../../worker/documents/document-source';
import { buildFaxPdf, coverPageUpdate } from '../../worker/documents/fax-pdf';
import { keptOutlineBytes, readKeptOutline } from '../../worker/documents/kept-outline';
import { checkPdf } from '../../worker/documents/pdf-check';
import { bytesOf } from '../support/corpus';
import { makePdf } from '../support/documents';
import { pdfWithInfoAndId, pdfWithWrongOffsets, scannedPdf } from '../support/pdf-structure';

// The outline an upload's check keeps beside the document (decision 052) must give the fax the very
// bytes a second pass over the document would: the dispatch appends the cover from it.

const COVER = coverPageSchema.parse({
  toName: 'Dana Whitfield',
  subject: 'Records',
  message: 'As agreed.',
  localDateOptions: { hours: 9, minutes: 30, month: 3, date: 4, year: 2026, iso: '2026-03-04T09:30:00-05:00' },
});

/** The kept outline of a document that passes the upload's check, as stored. */
async function keptOf(document: Uint8Array): Promise<Uint8Array> {
  const checked = await checkPdf(bytesSource(document));
  if (checked.encrypted) throw new Error('an encrypted document has no outline of its own');
  const kept = keptOutlineBytes(checked.outline, checked.tree);
  if (!kept) throw new Error('no outline kept');
  return kept;
}

async function coverFromKept(document: Uint8Array): Promise<Uint8Array> {
  const kept = readKeptOutline(await keptOf(document), document.byteLength);
  if (!kept) throw new Error('the kept outline did not read back');
  return (await coverPageUpdate(kept.outline, COVER, kept.tree)).bytes;
}

async function coverFromScan(document: Uint8Array): Promise<Uint8Array> {
  const fax = await buildFaxPdf(document, COVER);
  return fax.bytes.subarray(document.byteLength);
}

const CONSTRUCTED: [string, () => Promise<Uint8Array> | Uint8Array][] = [
  ['a 30-page scan with object streams', () => scannedPdf(30)],
  ['a scan with a classic table', () => scannedPdf(5, { objectStreams: false })],
  ['one whose cross-reference offsets are all wrong', () => pdfWithWrongOffsets()],
  ['one with /Info, /ID and version 1.3', () => pdfWithInfoAndId()],
  ['one sent with a cover before', async () => (await buildFaxPdf(await makePdf(2), COVER)).bytes],
];

describe('the outline kept at upload', () => {
  it.each(CONSTRUCTED)('gives the same cover update as reading %s again', async (_label, build) => {
    const document = await build();
    expect(await coverFromKept(document)).toEqual(await coverFromScan(document));
  });

  it('gives the same cover update for every real-world PDF the upload takes as it is', async () => {
    let compared = 0;
    for (const entry of manifest.pdf) {
      const document = bytesOf(files[entry.file]!);
      const checked = await checkPdf(bytesSource(document)).catch(() => null);
      if (!checked || checked.encrypted) continue;
      expect(await coverFromKept(document), entry.file).toEqual(await coverFromScan(document));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(25);
  }, 60_000);

  it('is a few KB for a 100-page scan', async () => {
    expect((await keptOf(await scannedPdf(100))).byteLength).toBeLessThan(16 * 1024);
  });

  it('is not trusted for another document, another format, or damaged bytes', async () => {
    const document = await scannedPdf(3);
    const kept = await keptOf(document);
    expect(readKeptOutline(kept, document.byteLength)).not.toBeNull();
    expect(readKeptOutline(kept, document.byteLength + 1)).toBeNull();
    const stored = JSON.parse(new TextDecoder().decode(kept));
    const variant = (change: object): Uint8Array => new TextEncoder().encode(JSON.stringify({ ...stored, ...change }));
    expect(readKeptOutline(variant({ format: 2 }), document.byteLength)).toBeNull();
    expect(readKeptOutline(variant({ objects: stored.objects.slice(0, -1) }), document.byteLength)).toBeNull();
    expect(readKeptOutline(variant({ objects: [] }), document.byteLength)).toBeNull();
    expect(readKeptOutline(variant({ catalogValue: '***' }), document.byteLength)).toBeNull();
    expect(readKeptOutline(kept.subarray(0, kept.byteLength / 2), document.byteLength)).toBeNull();
    expect(readKeptOutline(new TextEncoder().encode('null'), document.byteLength)).toBeNull();
  });
});
