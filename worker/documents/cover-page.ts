import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { CoverPage } from '../../src/common/cover-page';
import { t } from '../../src/i18n/t';
import { formatCoverDate, formatPageCount, linesThatFit } from '../domain/cover-page-layout';
import { drawLines, drawRightAligned, drawTextBlock, lineHeightOf, linesOf, savePdf, type TextStyle, toWinAnsi } from './pdf-text';

// The optional first page of a fax, in two templates. Everything is drawn with pdf-lib's standard
// fonts (nothing to embed, tiny output); user text goes through toWinAnsi first because those
// fonts only encode WinAnsi.

export const LETTER_SIZE: [number, number] = [612, 792];
const MARGIN = 54;
const CONTENT_WIDTH = LETTER_SIZE[0] - 2 * MARGIN;

const INK = rgb(0.13, 0.17, 0.24);
const MUTED = rgb(0.38, 0.42, 0.48);
const WHITE = rgb(1, 1, 1);
// Two columns with a 36 pt gutter.
const MODERN_COLUMN = (CONTENT_WIDTH - 36) / 2;

interface CoverFonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface CoverParty {
  name: string;
  number: string;
  company: string;
}

/** The cover page's strings, all made drawable. */
interface CoverText {
  date: string;
  pages: string;
  to: CoverParty;
  from: CoverParty;
  subject: string;
  message: string;
}

function toCoverText(cover: CoverPage, totalPages: number): CoverText {
  return {
    date: formatCoverDate(cover.localDateOptions),
    pages: formatPageCount(totalPages),
    to: { name: toWinAnsi(cover.toName), number: toWinAnsi(cover.toNumber), company: toWinAnsi(cover.toCompany) },
    from: { name: toWinAnsi(cover.fromName), number: toWinAnsi(cover.fromNumber), company: toWinAnsi(cover.fromCompany) },
    subject: toWinAnsi(cover.subject),
    message: toWinAnsi(cover.message),
  };
}

function hasAnyField(party: CoverParty): boolean {
  return Boolean(party.name || party.number || party.company);
}

/** Draws the message from `top` down to the bottom limit, cut with "…" if it runs longer. */
function drawMessage(page: PDFPage, message: string, top: number, bottom: number, style: TextStyle): void {
  const maxLines = linesThatFit(top, bottom, lineHeightOf(style));
  drawTextBlock(page, message, { x: MARGIN, top, maxWidth: CONTENT_WIDTH, maxLines }, style);
}

const TABLE_ROWS = [
  [t('coverPagePdf.name'), 'name'],
  [t('coverPagePdf.number'), 'number'],
  [t('coverPagePdf.company'), 'company'],
] as const;

/**
 * The classic boxed table: a column per side that has anything to show, a row per field that any
 * side fills. Answers the y below it (`top` when there is nothing to show).
 */
function drawClassicParties(page: PDFPage, text: CoverText, fonts: CoverFonts, top: number): number {
  const sides = (
    [
      [t('coverPagePdf.to'), text.to],
      [t('coverPagePdf.from'), text.from],
    ] as const
  ).filter(([, party]) => hasAnyField(party));
  if (sides.length === 0) return top;
  const rows = TABLE_ROWS.filter(([, key]) => sides.some(([, party]) => party[key]));
  const pad = 6;
  const labelWidth = 92;
  const column = (CONTENT_WIDTH - labelWidth) / sides.length;
  const label: TextStyle = { font: fonts.bold, size: 10 };
  const value: TextStyle = { font: fonts.regular, size: 11, lineHeight: 14 };
  const cellX = (i: number): number => MARGIN + labelWidth + i * column;

  const header = 22;
  page.drawRectangle({ x: MARGIN, y: top - header, width: CONTENT_WIDTH, height: header, color: rgb(0.9, 0.9, 0.9) });
  for (const [i, [title]] of sides.entries()) drawLines(page, [title], cellX(i) + pad, top - pad - 1, label);
  const rules = [top - header];
  for (const [title, key] of rows) {
    const rowTop = rules.at(-1)!;
    const cells = sides.map(([, party]) => linesOf(party[key], { maxWidth: column - 2 * pad, maxLines: 2 }, value));
    const height = Math.max(1, ...cells.map((lines) => lines.length)) * lineHeightOf(value) + 2 * pad;
    drawLines(page, [title], MARGIN + pad, rowTop - pad - 1, label);
    for (const [i, lines] of cells.entries()) drawLines(page, lines, cellX(i) + pad, rowTop - pad, value);
    rules.push(rowTop - height);
  }
  const bottom = rules.at(-1)!;
  const border = { thickness: 0.75, color: INK };
  page.drawRectangle({ x: MARGIN, y: bottom, width: CONTENT_WIDTH, height: top - bottom, borderColor: INK, borderWidth: 1 });
  for (const y of rules.slice(0, -1)) page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT_WIDTH, y }, ...border });
  for (let i = 0; i < sides.length; i++) {
    page.drawLine({ start: { x: cellX(i), y: top }, end: { x: cellX(i), y: bottom }, ...border });
  }
  return bottom;
}

function drawClassic(page: PDFPage, text: CoverText, fonts: CoverFonts): void {
  const right = MARGIN + CONTENT_WIDTH;
  let y = LETTER_SIZE[1] - MARGIN;
  page.drawText(t('coverPagePdf.classicHeading'), { x: MARGIN - 3, y: y - 42, font: fonts.bold, size: 58, color: INK });
  const info: TextStyle = { font: fonts.regular, size: 11 };
  drawRightAligned(page, text.date, right, y - 6, 300, info);
  drawRightAligned(page, text.pages, right, y - 24, 300, info);
  y -= 62;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 2.5, color: INK });
  y = drawClassicParties(page, text, fonts, y - 24);

  const heading: TextStyle = { font: fonts.bold, size: 12 };
  if (text.subject) {
    y -= 20;
    drawLines(page, [t('coverPagePdf.classicSubject')], MARGIN, y, heading);
    const block = { x: MARGIN + 62, top: y, maxWidth: CONTENT_WIDTH - 62, maxLines: 3 };
    y = drawTextBlock(page, text.subject, block, { font: fonts.regular, size: 12 });
  }
  if (text.message) {
    y -= 20;
    y = drawLines(page, [t('coverPagePdf.classicMessage')], MARGIN, y, heading) - 6;
    drawMessage(page, text.message, y, MARGIN, { font: fonts.regular, size: 11, lineHeight: 15 });
  }
}

/** One side (To or From) of the modern template; answers the y below it. */
function drawModernParty(page: PDFPage, title: string, party: CoverParty, x: number, top: number, fonts: CoverFonts): number {
  const width = MODERN_COLUMN;
  const body: TextStyle = { font: fonts.regular, size: 11, lineHeight: 15 };
  let y = drawLines(page, [title], x, top, { font: fonts.bold, size: 9, color: MUTED }) - 4;
  y = drawTextBlock(page, party.name, { x, top: y, maxWidth: width, maxLines: 2 }, { font: fonts.bold, size: 15, color: INK });
  y = drawTextBlock(page, party.company, { x, top: y, maxWidth: width, maxLines: 2 }, body);
  return drawTextBlock(page, party.number, { x, top: y, maxWidth: width, maxLines: 1 }, body);
}

function drawModern(page: PDFPage, text: CoverText, fonts: CoverFonts): void {
  const [width, height] = LETTER_SIZE;
  const band = 140;
  const footer = 14;
  page.drawRectangle({ x: 0, y: height - band, width, height: band, color: INK });
  page.drawText(t('coverPagePdf.modernHeading'), { x: MARGIN, y: height - 80, font: fonts.bold, size: 46, color: WHITE });
  const info: TextStyle = { font: fonts.regular, size: 11, color: WHITE };
  drawTextBlock(page, text.date, { x: MARGIN, top: height - 96, maxWidth: CONTENT_WIDTH, maxLines: 1 }, info);
  drawTextBlock(page, text.pages, { x: MARGIN, top: height - 112, maxWidth: CONTENT_WIDTH, maxLines: 1 }, info);

  let y = height - band - 36;
  const sides = (
    [
      [t('coverPagePdf.to'), text.to],
      [t('coverPagePdf.from'), text.from],
    ] as const
  ).filter(([, party]) => hasAnyField(party));
  if (sides.length > 0) {
    const bottoms = sides.map(([title, party], i) => drawModernParty(page, title, party, MARGIN + i * (MODERN_COLUMN + 36), y, fonts));
    y = Math.min(...bottoms) - 18;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT_WIDTH, y }, thickness: 0.75, color: MUTED });
    y -= 18;
  }
  const caption: TextStyle = { font: fonts.bold, size: 9, color: MUTED };
  if (text.subject) {
    y = drawLines(page, [t('coverPagePdf.modernSubject')], MARGIN, y, caption) - 4;
    const block = { x: MARGIN, top: y, maxWidth: CONTENT_WIDTH, maxLines: 3 };
    y = drawTextBlock(page, text.subject, block, { font: fonts.bold, size: 14, color: INK });
    y -= 18;
  }
  if (text.message) {
    y = drawLines(page, [t('coverPagePdf.modernMessage')], MARGIN, y, caption) - 4;
    drawMessage(page, text.message, y, MARGIN + footer, { font: fonts.regular, size: 11, lineHeight: 16 });
  }
  page.drawRectangle({ x: 0, y: 0, width, height: footer, color: INK });
}

/**
 * Inserts the cover page as page 1 of `pdf` (an empty new document or the fax's own), so the fax
 * is built without parsing the cover again. `totalPages` counts the cover.
 */
export async function addCoverPage(pdf: PDFDocument, cover: CoverPage, totalPages: number): Promise<PDFPage> {
  const fonts: CoverFonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const page = pdf.insertPage(0, LETTER_SIZE);
  const draw = cover.template === 'modern' ? drawModern : drawClassic;
  draw(page, toCoverText(cover, totalPages), fonts);
  return page;
}

/** The cover page alone as a PDF (the preview before sending). */
export async function renderCoverPage(cover: CoverPage, totalPages: number): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('coverPagePdf.title'));
  await addCoverPage(pdf, cover, totalPages);
  return savePdf(pdf);
}
