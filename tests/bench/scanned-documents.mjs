// The documents of the largest-fax benchmarks (large-fax.mjs, large-fax-code.mjs): scanned pages,
// as many and as large as the product takes, and the cover page they are sent with.
import { randomFillSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { addScannedPage } from '../support/scanned-page.mjs';

export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
// A page scanned at 200 dpi in black and white, as a fax is sent.
const SCAN = { width: 1700, height: 2200 };
const ROW_BYTES = Math.ceil(SCAN.width / 8);

/**
 * One scanned page's image: 1 bit per pixel, Flate-compressed like a scanner's output. Rows of
 * noise stand for text (they do not compress); the rest is white. `bytes` is about its size.
 */
function scannedImage(bytes) {
  const pixels = new Uint8Array(ROW_BYTES * SCAN.height).fill(0xff);
  const noisyRows = Math.min(SCAN.height, Math.round(bytes / ROW_BYTES));
  const every = SCAN.height / noisyRows;
  for (let i = 0; i < noisyRows; i++) {
    const row = Math.floor(i * every);
    randomFillSync(pixels, row * ROW_BYTES, ROW_BYTES);
  }
  return deflateSync(pixels, { level: 1 });
}

/** A PDF of `pages` scanned pages of `totalBytes` or a little less; object streams as pdf-lib writes them, or a classic cross-reference table. */
export async function scannedPdf(pages, totalBytes, objectStreams) {
  const pdf = await PDFDocument.create();
  const perPage = Math.floor((totalBytes - 256 * 1024) / pages) - 200;
  // Deflate's framing adds a little: aim the noise so the image comes out at its share.
  const aim = (perPage * perPage) / scannedImage(perPage).byteLength;
  for (let p = 0; p < pages; p++) {
    const data = scannedImage(aim);
    addScannedPage(pdf, data, SCAN);
  }
  const bytes = await pdf.save({ useObjectStreams: objectStreams });
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new Error(`the bench document is ${bytes.byteLength} bytes, over the limit`);
  return bytes;
}

export const COVER = {
  template: 'classic',
  toName: 'Dana Whitfield',
  toNumber: '(212) 555-0123',
  toCompany: 'Whitfield & Partners LLP',
  fromName: 'Sam Ortega',
  fromNumber: '(415) 555-2671',
  fromCompany: 'Ortega Design',
  subject: 'The scanned records',
  message: 'Hello Dana,\n\nThe scanned records are attached, every page of them.\n\nSam',
  localDateOptions: { hours: 9, minutes: 5, month: 11, date: 22, year: 2026, iso: '2026-11-22T09:05:00-05:00' },
};
