import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { formatCents } from '../../src/common/plans';
import { t } from '../../src/i18n/t';
import type { InvoiceRow } from '../db/schema';
import { planName } from '../subscriptions/records';
import { LETTER_SIZE } from './cover-page';
import { drawLines, drawRightAligned, drawTextBlock, savePdf, type TextStyle, toWinAnsi } from './pdf-text';

// The one-page invoice of a charge, drawn on request from its row (never stored). Dates in UTC.

interface InvoiceInput {
  invoice: InvoiceRow;
  /** Who it is billed to: the display name (when set) and the e-mail. */
  billedTo: string[];
}

const MARGIN = 54;
const INK = rgb(0.13, 0.17, 0.24);
const MUTED = rgb(0.38, 0.42, 0.48);

function utcDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export async function renderInvoicePdf(input: InvoiceInput): Promise<Uint8Array<ArrayBuffer>> {
  const { invoice } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number}`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(LETTER_SIZE);
  const right = LETTER_SIZE[0] - MARGIN;
  const contentWidth = right - MARGIN;

  let y = LETTER_SIZE[1] - MARGIN;
  y = drawLines(page, [t('app.name')], MARGIN, y, { font: bold, size: 14, color: MUTED }) - 2;
  y = drawLines(page, [t('billing.invoicePdf.title')], MARGIN, y, { font: bold, size: 24, color: INK }) - 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 2, color: INK });
  y -= 20;

  const label: TextStyle = { font: bold, size: 10, color: MUTED, lineHeight: 20 };
  const value: TextStyle = { font: regular, size: 11, lineHeight: 20 };
  const rows: [string, string][] = [
    [t('billing.invoicePdf.number'), invoice.number],
    [t('billing.invoicePdf.date'), utcDate(invoice.createdAt)],
    [t('billing.invoicePdf.billedTo'), input.billedTo.join(', ')],
    [t('billing.invoicePdf.status'), t('billing.invoicePdf.paid')],
  ];
  for (const [name, text] of rows) {
    drawLines(page, [name], MARGIN, y - 1, label);
    y = drawTextBlock(page, toWinAnsi(text), { x: MARGIN + 130, top: y, maxWidth: contentWidth - 130, maxLines: 1 }, value);
  }

  y -= 24;
  drawLines(page, [t('billing.invoicePdf.description')], MARGIN, y, label);
  drawRightAligned(page, t('billing.invoicePdf.amount'), right, y, 120, label);
  y -= 22;
  const line = t('billing.invoicePdf.line', {
    plan: planName(invoice.planLevel, invoice.planTerm),
    start: utcDate(invoice.periodStart),
    end: utcDate(invoice.periodEnd),
  });
  drawLines(page, [toWinAnsi(line)], MARGIN, y, value);
  drawRightAligned(page, formatCents(invoice.amountCents), right, y, 120, value);
  y -= 26;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.75, color: MUTED });
  y -= 18;
  drawLines(page, [t('billing.invoicePdf.total')], MARGIN, y, { ...value, font: bold });
  drawRightAligned(page, formatCents(invoice.amountCents), right, y, 120, { ...value, font: bold });
  drawLines(page, [t('billing.invoicePdf.utcNote')], MARGIN, MARGIN, { font: regular, size: 9, color: MUTED });
  return savePdf(pdf);
}
