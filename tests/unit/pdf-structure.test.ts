import { createHash } from 'node:crypto';
import { zlibSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bytesSource, type DocumentSource } from '../../worker/documents/document-source';
import { PdfStructureError, readPageTree } from '../../worker/documents/pdf-outline';
import { scanPdf } from '../../worker/documents/pdf-scan';
import { IncompleteSyntax, isDict, PdfLexer, PdfSyntaxError, parseValue } from '../../worker/documents/pdf-syntax';
import { makePdf } from '../support/documents';
import { rawPdf, scannedPdf, streamBody } from '../support/pdf-structure';

// Reading a PDF's structure piece by piece (decision 030): the syntax, the one-pass scan and the page
// tree, against documents as real producers write them, odd ones included.

const encoder = new TextEncoder();
const bytesOf = (text: string): Uint8Array => encoder.encode(text);

describe('the PDF syntax', () => {
  it.each<[string, string, unknown]>([
    ['an integer', '42 ', 42],
    ['a real', '-3.5 ', -3.5],
    ['a reference', '12 0 R ', { kind: 'ref', num: 12, gen: 0 }],
    ['two numbers that are not a reference', '12 0 ', 12],
    ['a name with #-escapes', '/A#20B ', { kind: 'name', name: 'A B' }],
    ['a string with nested parentheses and escapes', '(a (b) \\) c) ', { kind: 'string' }],
    ['a hex string', '<48 65> ', { kind: 'string' }],
    ['booleans and null in an array', '[true false null] ', [true, false, null]],
    ['a comment before a value', '% note\n7 ', 7],
  ])('reads %s', (_label, text, value) => {
    expect(parseValue(bytesOf(text))).toEqual(value);
  });

  it('keeps where each dictionary entry is, for rewriting by splicing', () => {
    const text = '<< /Type /Pages /Kids [1 0 R 2 0 R] /Count 2 >>';
    const dict = parseValue(bytesOf(text));
    if (!isDict(dict)) throw new Error('not a dictionary');
    const [from, to] = dict.spans.get('Kids')!;
    expect(text.slice(from, to)).toBe('/Kids [1 0 R 2 0 R]');
    expect([dict.start, dict.end]).toEqual([0, text.length]);
  });

  it('tells a value cut off by the end of what was read from one that is wrong', () => {
    expect(() => new PdfLexer(bytesOf('<< /Kids [1 0 R'), 0, false).value()).toThrow(IncompleteSyntax);
    expect(() => new PdfLexer(bytesOf('12 0'), 0, false).value()).toThrow(IncompleteSyntax);
    expect(() => parseValue(bytesOf('<< /Kids [1 0 R'))).toThrow(PdfSyntaxError);
    expect(() => parseValue(bytesOf('<< 5 6 >>'))).toThrow(PdfSyntaxError);
    expect(() => parseValue(bytesOf(`${'['.repeat(1000)}${']'.repeat(1000)}`))).toThrow(PdfSyntaxError);
  });
});

/** A source handing over `piece` bytes at a time (R2 hands over 4 KB pieces locally). */
function piecesOf(bytes: Uint8Array, piece: number): DocumentSource {
  return {
    ...bytesSource(bytes),
    async *stream(offset) {
      for (let at = offset; at < bytes.byteLength; at += piece) yield bytes.subarray(at, at + piece);
    },
  };
}

async function pagesOf(bytes: Uint8Array, piece = 4096): Promise<number> {
  return (await readPageTree(await scanPdf(piecesOf(bytes, piece), { checkStreams: true }))).pageCount;
}

const catalog = '<< /Type /Catalog /Pages 2 0 R >>';
const page = (parent = 2): string => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 612 792] >>`;

describe('the scan and the page tree', () => {
  it.each([
    ['with object streams', { objectStreams: true }],
    ['with a classic cross-reference table', { objectStreams: false }],
  ])('counts a scanned document %s, whatever the size of the pieces read', async (_label, options) => {
    const bytes = await scannedPdf(40, options);
    for (const piece of [13, 4096, 1 << 20]) expect(await pagesOf(bytes, piece)).toBe(40);
  });

  it('reads a document handed over one byte at a time', async () => {
    expect(await pagesOf(await makePdf(3), 1)).toBe(3);
  });

  it('counts a nested page tree, and inherits nothing it should not', async () => {
    const bytes = rawPdf([
      catalog,
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 3 /MediaBox [0 0 612 792] >>',
      '<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 >>',
      page(),
      page(3),
      page(3),
    ]);
    expect(await pagesOf(bytes)).toBe(3);
  });

  it('refuses a page tree that loops back on itself', async () => {
    const bytes = rawPdf([catalog, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>']);
    await expect(pagesOf(bytes)).rejects.toThrow(PdfStructureError);
  });

  it('refuses a document without a catalog', async () => {
    await expect(pagesOf(rawPdf(['<< /Type /Pages /Kids [] /Count 0 >>'], '/Root 9 0 R'))).rejects.toThrow(PdfStructureError);
  });

  it('finds the catalog by its type when the trailer names none', async () => {
    expect(await pagesOf(rawPdf([catalog, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page()], '/Info 3 0 R'))).toBe(1);
  });

  it('reads on past a stream whose /Length is too long or too short, as readers do', async () => {
    for (const length of [5, 5000]) {
      const bytes = rawPdf([catalog, '<< /Type /Pages /Kids [4 0 R] /Count 1 >>', streamBody('', 'q 1 0 0 1 0 0 cm Q', length), page()]);
      for (const piece of [3, 4096]) expect(await pagesOf(bytes, piece)).toBe(1);
    }
  });

  it('steps over a stream by its /Length even when its data holds PDF keywords (an attached PDF)', async () => {
    const attached = await makePdf(9);
    const bytes = rawPdf([catalog, '<< /Type /Pages /Kids [4 0 R] /Count 1 >>', streamBody('/Type /EmbeddedFile', attached), page()]);
    expect(await pagesOf(bytes)).toBe(1);
  });

  it('finds the end of a stream whose /Length is an object written after it', async () => {
    const bytes = rawPdf([catalog, '<< /Type /Pages /Kids [4 0 R] /Count 1 >>', streamBody('', 'BT ET', '5 0 R'), page(), '5']);
    expect(await pagesOf(bytes)).toBe(1);
  });

  it('reads a document whose cross-reference offsets are all wrong, as pdf-lib did', async () => {
    expect(await pagesOf(rawPdf([catalog, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page()], undefined, { xrefShift: 37 }))).toBe(1);
  });

  it('takes the last version of an object an incremental update wrote again', async () => {
    const original = await makePdf(3);
    const pdf = await PDFDocument.load(original);
    pdf.removePage(2);
    const updated = await pdf.save({ useObjectStreams: false });
    // pdf-lib writes a whole new file; the same objects appended after the original make an update.
    const appended = new Uint8Array(original.byteLength + updated.byteLength);
    appended.set(original);
    appended.set(updated, original.byteLength);
    expect(await pagesOf(appended)).toBe(2);
  });

  it('hands every byte to onBytes once, in order, even when a wrong /Length makes it read back', async () => {
    const bytes = rawPdf([catalog, '<< /Type /Pages /Kids [4 0 R] /Count 1 >>', streamBody('', 'x'.repeat(20_000), 30_000), page()]);
    const hash = createHash('md5');
    await scanPdf(piecesOf(bytes, 4096), { checkStreams: true, onBytes: (piece) => hash.update(piece) });
    expect(hash.digest('hex')).toBe(createHash('md5').update(bytes).digest('hex'));
  });

  it('keeps the trailer: the catalog, the encryption dictionary it names, /Info and /ID as written', async () => {
    const bytes = rawPdf(
      [catalog, '<< /Type /Pages /Kids [] /Count 0 >>', '<< /Title (t) >>'],
      '/Root 1 0 R /Info 3 0 R /ID [<0A0B> <0C0D>] /Encrypt 3 0 R',
    );
    const { trailer } = await scanPdf(bytesSource(bytes), { checkStreams: false });
    expect(trailer).toMatchObject({ root: { num: 1, gen: 0 }, encrypted: true, size: 4 });
    expect(new TextDecoder().decode(trailer.info!)).toBe('/Info 3 0 R');
    expect(new TextDecoder().decode(trailer.id!)).toBe('/ID [<0A0B> <0C0D>]');
  });

  it('reads the objects an object stream holds', async () => {
    const objects = zlibSync(bytesOf('2 0 3 47 << /Type /Pages /Kids [3 0 R] /Count 1 >>      << /Type /Page /Parent 2 0 R >>'));
    const bytes = rawPdf([
      catalog,
      '<< /Type /Catalog >>',
      '<< >>',
      streamBody('/Type /ObjStm /N 2 /First 9 /Filter /FlateDecode', objects),
    ]);
    // Objects 2 and 3 as written at the top are replaced by the stream's, which comes later.
    expect(await pagesOf(bytes)).toBe(1);
  });
});
