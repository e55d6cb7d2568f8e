import { ParseSpeeds, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { t } from '../../src/i18n/t';
import { LETTER_SIZE } from './cover-page';
import { drawLines, drawTextBlock, savePdf, type TextStyle, toWinAnsi } from './pdf-text';

// The one-page receipt a sender keeps as proof a fax went through, with a small picture of the
// first page transmitted. Times are in UTC: the server does not know the sender's time zone.

export interface DeliveryConfirmationInput {
  faxId: string;
  /** The recipient's number as shown, e.g. (212) 555-0123. */
  toDisplay: string;
  /** The sender's number as shown, or null when it was withheld. */
  fromDisplay: string | null;
  pagesSent: number;
  pageCount: number;
  /** Epoch milliseconds. */
  start: number;
  completed: number | null;
  attempts: number;
  /** The transmitted PDF; its first page is pictured. */
  firstPage: Uint8Array | null;
}

const MARGIN = 54;
const INK = rgb(0.13, 0.17, 0.24);
const MUTED = rgb(0.38, 0.42, 0.48);
const THUMBNAIL = { width: 240, height: 310 };

/** "2026-11-22 09:05 UTC". */
export function formatUtcTimestamp(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function detailRows(input: DeliveryConfirmationInput): [string, string][] {
  return [
    [t('faxDetails.confirmationPdf.faxId'), input.faxId],
    [t('faxDetails.confirmationPdf.status'), 'DELIVERED'],
    [t('faxDetails.confirmationPdf.to'), input.toDisplay],
    [t('faxDetails.confirmationPdf.from'), input.fromDisplay ?? t('faxDetails.confirmationPdf.withheld')],
    [
      t('faxDetails.confirmationPdf.pagesDelivered'),
      t('faxDetails.confirmationPdf.pagesOf', { sent: input.pagesSent, total: input.pageCount }),
    ],
    [t('faxDetails.confirmationPdf.started'), formatUtcTimestamp(input.start)],
    [t('faxDetails.confirmationPdf.completed'), input.completed === null ? '—' : formatUtcTimestamp(input.completed)],
    [t('faxDetails.confirmationPdf.attempts'), String(input.attempts)],
  ];
}

/** The first page of the transmitted PDF, or null when there is none or it cannot be read. */
async function loadFirstPage(bytes: Uint8Array | null): Promise<PDFPage | null> {
  if (!bytes) return null;
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    return source.getPageCount() > 0 ? source.getPage(0) : null;
  } catch {
    // The receipt still proves delivery without its picture; the fax itself is not in question.
    return null;
  }
}

async function drawThumbnail(
  pdf: PDFDocument,
  page: PDFPage,
  source: PDFPage | null,
  x: number,
  top: number,
  font: PDFFont,
): Promise<void> {
  if (!source) {
    const height = THUMBNAIL.width * (LETTER_SIZE[1] / LETTER_SIZE[0]);
    page.drawRectangle({ x, y: top - height, width: THUMBNAIL.width, height, borderColor: MUTED, borderWidth: 0.75 });
    drawLines(page, [t('faxDetails.confirmationPdf.noPreview')], x + 12, top - 14, { font, size: 10, color: MUTED });
    return;
  }
  const embedded = await pdf.embedPage(source);
  const scale = Math.min(THUMBNAIL.width / embedded.width, THUMBNAIL.height / embedded.height);
  const { width, height } = embedded.scale(scale);
  page.drawRectangle({ x, y: top - height, width, height, color: rgb(1, 1, 1) });
  page.drawPage(embedded, { x, y: top - height, width, height });
  page.drawRectangle({ x, y: top - height, width, height, borderColor: INK, borderWidth: 0.75 });
}

/** A one-page "Fax delivery confirmation" PDF. */
export async function renderDeliveryConfirmation(input: DeliveryConfirmationInput): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('faxDetails.confirmationPdf.title'));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(LETTER_SIZE);
  const contentWidth = LETTER_SIZE[0] - 2 * MARGIN;

  let y = LETTER_SIZE[1] - MARGIN;
  y = drawLines(page, [t('app.name')], MARGIN, y, { font: bold, size: 14, color: MUTED }) - 2;
  y = drawLines(page, [t('faxDetails.confirmationPdf.title')], MARGIN, y, { font: bold, size: 24, color: INK }) - 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + contentWidth, y }, thickness: 2, color: INK });
  y -= 20;

  const label: TextStyle = { font: bold, size: 10, color: MUTED, lineHeight: 20 };
  const value: TextStyle = { font: regular, size: 11, lineHeight: 20 };
  const labelWidth = 130;
  for (const [name, text] of detailRows(input)) {
    drawLines(page, [name], MARGIN, y - 1, label);
    y = drawTextBlock(page, toWinAnsi(text), { x: MARGIN + labelWidth, top: y, maxWidth: contentWidth - labelWidth, maxLines: 1 }, value);
  }

  y -= 20;
  y = drawLines(page, [t('faxDetails.confirmationPdf.firstPage')], MARGIN, y, { font: bold, size: 10, color: MUTED }) - 6;
  await drawThumbnail(pdf, page, await loadFirstPage(input.firstPage), MARGIN, y, regular);
  drawLines(page, [t('faxDetails.confirmationPdf.utcNote')], MARGIN, MARGIN, { font: regular, size: 9, color: MUTED });
  return savePdf(pdf);
}
