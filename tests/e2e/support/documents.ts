// Factories for the documents browser tests fax: real PDFs made with pdf-lib, and a real JPEG
// drawn by the test's own Chromium, padded to the size a phone photo has.

import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A US Letter PDF of `pages` pages, each saying which page it is. */
export async function makePdf(pages: number, name = `document-${pages}-pages.pdf`): Promise<TestFile> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Browser test document, page ${index} of ${pages}`, { x: 72, y: 700, size: 18, font });
  }
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

/** JPEG comment segments (FF FE) of up to 65,533 bytes each: valid JPEG that only adds size. */
function commentSegments(bytes: number): Buffer {
  const chunks: Buffer[] = [];
  let left = bytes;
  while (left > 4) {
    const payload = Math.min(65_533, left - 4);
    const segment = Buffer.alloc(payload + 4, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(payload + 2, 2);
    chunks.push(segment);
    left -= payload + 4;
  }
  return Buffer.concat(chunks);
}

/**
 * A JPEG of at least `minBytes` (default 1 MiB): a page drawn on a canvas in `page`, encoded by
 * Chromium, then padded with comment segments right after its start marker.
 */
export async function makeJpeg(page: Page, minBytes = 1024 * 1024, name = 'photo.jpg'): Promise<TestFile> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1275;
    canvas.height = 1650;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#14213d';
    context.font = '48px sans-serif';
    context.fillText('Browser test photo', 120, 200);
    for (let line = 0; line < 30; line += 1) context.fillRect(120, 300 + line * 40, 900 - (line % 5) * 90, 12);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  const jpeg = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error('Chromium did not produce a JPEG');
  const padding = commentSegments(Math.max(0, minBytes - jpeg.length + 8));
  return { name, mimeType: 'image/jpeg', buffer: Buffer.concat([jpeg.subarray(0, 2), padding, jpeg.subarray(2)]) };
}
