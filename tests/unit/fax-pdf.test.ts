import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { COVER_PAGE_TEMPLATES, type CoverPage, type CoverPageInput, coverPageSchema } from '../../src/common/cover-page';
import { renderCoverPage } from '../../worker/documents/cover-page';
import { buildFaxPdf } from '../../worker/documents/fax-pdf';
import { PdfStructureError } from '../../worker/documents/pdf-outline';
import { makePdf } from '../support/documents';
import { A4, LEGAL, LETTER, makePdfOfSizes, pageSizes, pageTexts } from '../support/pdf';
import { crossReferenceProblems, pdfWithInfoAndId, pdfWithWrongOffsets, rawPdf, scannedPdf } from '../support/pdf-structure';

function coverPage(fields: Partial<CoverPageInput> = {}): CoverPage {
  return coverPageSchema.parse({
    toName: 'Dana Whitfield',
    toNumber: '(212) 555-0123',
    toCompany: 'Whitfield & Partners LLP',
    fromName: 'Sam Ortega',
    fromNumber: '(415) 555-2671',
    fromCompany: 'Ortega Design',
    subject: 'Signed agreement',
    message: 'Hello Dana,\n\nThe signed agreement follows.',
    localDateOptions: { hours: 21, minutes: 5, month: 11, date: 22, year: 2026, iso: '2026-11-22T21:05:00-05:00' },
    ...fields,
  });
}

const EVERY_FIELD = [
  'Dana Whitfield',
  '(212) 555-0123',
  'Whitfield & Partners LLP',
  'Sam Ortega',
  '(415) 555-2671',
  'Ortega Design',
  'Signed agreement',
  'Hello Dana,',
  'The signed agreement follows.',
  '3 pages including this cover',
  'November 22, 2026, 9:05 PM',
];

const NO_FIELDS = { toName: '', toNumber: '', toCompany: '', fromName: '', fromNumber: '', fromCompany: '', subject: '', message: '' };

const OUTSIDE_WIN_ANSI = 'Zoë 😀 李小龙 مرحبا \u0007 \u200b ❤️ ﬁ 𝔘';

describe('buildFaxPdf', () => {
  it('puts the cover first, then every document page, and counts the cover', async () => {
    const fax = await buildFaxPdf(await makePdf(3), coverPage());
    expect(fax.pageCount).toBe(4);
    expect(await pageSizes(fax.bytes)).toEqual([LETTER, LETTER, LETTER, LETTER]);
    const cover = await pageTexts(fax.bytes, 0);
    expect(cover).toContain('4 pages including this cover');
    expect(cover).toContain('November 22, 2026, 9:05 PM');
    expect(await pageTexts(fax.bytes, 1)).toEqual(['Page 1']);
    expect(await pageTexts(fax.bytes, 3)).toEqual(['Page 3']);
  });

  it('leaves pages of other sizes as they are', async () => {
    const fax = await buildFaxPdf(await makePdfOfSizes([A4, LEGAL, [300, 400]]), coverPage({ template: 'modern' }));
    const sizes = await pageSizes(fax.bytes);
    expect(sizes.map(([w, h]) => [Math.round(w), Math.round(h)])).toEqual([
      [612, 792],
      [595, 842],
      [612, 1008],
      [300, 400],
    ]);
  });

  it('sends a document without a cover as it is', async () => {
    const document = await makePdf(3);
    const fax = await buildFaxPdf(document, null);
    expect(fax.pageCount).toBe(3);
    expect(fax.bytes).toEqual(document);
  });

  it('rejects bytes that are not a PDF', async () => {
    await expect(buildFaxPdf(new TextEncoder().encode('not a pdf'), coverPage())).rejects.toThrow();
  });
});

describe('renderCoverPage', () => {
  it.each(COVER_PAGE_TEMPLATES)('renders the %s template as one Letter page with every field', async (template) => {
    const pdf = await renderCoverPage(coverPage({ template }), 3);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(await pageSizes(pdf)).toEqual([LETTER]);
    const texts = await pageTexts(pdf);
    expect(texts).toEqual(expect.arrayContaining(EVERY_FIELD));
  });

  it('draws the two templates differently', async () => {
    const [classic, modern] = await Promise.all(COVER_PAGE_TEMPLATES.map((template) => renderCoverPage(coverPage({ template }), 2)));
    expect((await pageTexts(classic!))[0]).toBe('FAX');
    expect((await pageTexts(modern!))[0]).toBe('Fax');
  });

  it.each(COVER_PAGE_TEMPLATES)('%s: omits empty fields and their labels', async (template) => {
    const cover = coverPage({ template, ...NO_FIELDS, toName: 'Dana Whitfield', toNumber: '(212) 555-0123' });
    const texts = await pageTexts(await renderCoverPage(cover, 1));
    expect(texts).toContain('1 page including this cover');
    expect(texts).toContain('Dana Whitfield');
    for (const absent of ['FROM', 'Company', 'Subject:', 'SUBJECT', 'Message:', 'MESSAGE']) {
      expect(texts).not.toContain(absent);
    }
  });

  it.each(COVER_PAGE_TEMPLATES)('%s: renders a cover with nothing but the date', async (template) => {
    const texts = await pageTexts(await renderCoverPage(coverPage({ template, ...NO_FIELDS }), 2));
    expect(texts.slice(1)).toEqual(['November 22, 2026, 9:05 PM', '2 pages including this cover']);
  });

  it.each(COVER_PAGE_TEMPLATES)('%s: never throws on text outside WinAnsi', async (template) => {
    const everywhere = Object.fromEntries(Object.keys(NO_FIELDS).map((field) => [field, OUTSIDE_WIN_ANSI]));
    const pdf = await renderCoverPage(coverPage({ template, ...everywhere }), 2);
    expect(await pageTexts(pdf)).toContain('Zoë ? ??? ????? ? fi U');
  });

  it.each(COVER_PAGE_TEMPLATES)('%s: cuts a 60-line message with "…" and stays one page', async (template) => {
    const message = Array.from({ length: 60 }, (_, i) => `Line ${i + 1}`).join('\n');
    const fax = await buildFaxPdf(await makePdf(1), coverPage({ template, message }));
    expect(fax.pageCount).toBe(2);
    const texts = await pageTexts(fax.bytes, 0);
    const last = texts.at(-1)!;
    expect(last).toMatch(/^Line \d+…$/);
    expect(texts).not.toContain('Line 60');
    expect(texts).toContain('Line 10');
  });

  it.each(COVER_PAGE_TEMPLATES)('%s: cuts long names and subjects instead of overflowing', async (template) => {
    const long = 'W'.repeat(80);
    const texts = await pageTexts(await renderCoverPage(coverPage({ template, toName: long, subject: 'S'.repeat(120) }), 2));
    expect(texts.some((text) => text.startsWith('WWW') && text.endsWith('…'))).toBe(true);
    expect(texts.join('')).not.toContain(long);
  });
});

describe('the cover page as an update of the document (issue 16)', () => {
  const cover = (): CoverPage => coverPage({ template: 'modern' });

  it('keeps the document byte for byte and appends a few KB, whose cross-reference places every object', async () => {
    const document = await scannedPdf(30);
    const fax = await buildFaxPdf(document, cover());
    expect(fax.pageCount).toBe(31);
    expect(fax.bytes.subarray(0, document.byteLength)).toEqual(document);
    expect(fax.bytes.byteLength - document.byteLength).toBeLessThan(8 * 1024);
    expect(crossReferenceProblems(fax.bytes)).toEqual([]);
    expect(await pageTexts(fax.bytes, 0)).toContain('31 pages including this cover');
    const pdf = await PDFDocument.load(fax.bytes);
    expect(pdf.getPageCount()).toBe(31);
    // Every scanned page still shows its image.
    expect(
      pdf
        .getPages()
        .slice(1)
        .every((page) => page.node.Resources()?.lookup(PDFName.of('XObject')) !== undefined),
    ).toBe(true);
  });

  it.each([
    ['with object streams', () => scannedPdf(5, { objectStreams: true })],
    ['with a classic table', () => scannedPdf(5, { objectStreams: false })],
    ['whose cross-reference offsets are all wrong', async () => pdfWithWrongOffsets()],
    ['that was sent with a cover before', async () => (await buildFaxPdf(await makePdf(2), coverPage())).bytes],
  ])('makes a file readers trust as it is, from a document %s', async (_label, build) => {
    const document = await build();
    const pages = (await PDFDocument.load(document)).getPageCount();
    const fax = await buildFaxPdf(document, cover());
    expect(crossReferenceProblems(fax.bytes)).toEqual([]);
    expect(await pageSizes(fax.bytes)).toHaveLength(pages + 1);
  });

  it('leaves pages their size when it is inherited from the page tree', async () => {
    const document = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 300 400] >>',
      '<< /Type /Page /Parent 2 0 R >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 1008] >>',
    ]);
    expect(await pageSizes((await buildFaxPdf(document, cover())).bytes)).toEqual([LETTER, [300, 400], LEGAL]);
  });

  it("keeps the document's /Info and /ID, and raises a version older than cross-reference streams", async () => {
    const pdf = await PDFDocument.load((await buildFaxPdf(pdfWithInfoAndId(), cover())).bytes);
    expect(pdf.getTitle()).toBe('Records');
    expect(pdf.context.trailerInfo.ID?.toString()).toBe('[ <00112233> <44556677> ]');
    expect(pdf.catalog.get(PDFName.of('Version'))?.toString()).toBe('/1.5');
  });

  it('refuses a document whose pages cannot be found', async () => {
    await expect(buildFaxPdf(rawPdf(['<< /Type /Catalog >>']), cover())).rejects.toThrow(PdfStructureError);
  });
});
