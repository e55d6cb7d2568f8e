import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from 'pdf-lib';

// PDFs of mixed page sizes, and readers for the page sizes and text our renderers draw (pdf-lib
// cannot extract text).

export type PageSize = [number, number];

export const LETTER: PageSize = [612, 792];
export const A4: PageSize = [595.28, 841.89];
export const LEGAL: PageSize = [612, 1008];

/** A PDF with one page per size given, each saying its number (support/documents.ts makePdf makes Letter ones). */
export async function makePdfOfSizes(sizes: PageSize[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  sizes.forEach((size, i) => {
    pdf.addPage(size).drawText(`Page ${i + 1}`, { x: 72, y: size[1] - 100, size: 24, font });
  });
  return pdf.save();
}

export async function pageSizes(bytes: Uint8Array): Promise<PageSize[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => [page.getWidth(), page.getHeight()]);
}

// WinAnsi bytes 0x80–0x9F our text can contain; the rest of WinAnsi is Latin-1.
const WIN_ANSI_HIGH: Record<number, string> = { 133: '…', 145: '‘', 146: '’', 147: '“', 148: '”', 150: '–', 151: '—' };

function decodeHexString(hex: string): string {
  let text = '';
  for (let i = 0; i < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
  }
  return text;
}

/**
 * Every string a page of ours shows, one per text-showing operator (one per drawn line), in
 * drawing order. pdf-lib writes standard-font text as `<hex> Tj`.
 */
export async function pageTexts(bytes: Uint8Array, pageIndex = 0): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(pageIndex).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let operators = '';
  for (const ref of refs) {
    const stream = pdf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    for (const byte of decodePDFRawStream(stream).decode()) operators += String.fromCharCode(byte);
  }
  return [...operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((match) => decodeHexString(match[1] ?? ''));
}
