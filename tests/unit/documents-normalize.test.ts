import { createHash } from 'node:crypto';
import { PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../../worker/documents/document-source';
import { placeImage } from '../../worker/documents/image-pdf';
import { jpegSize, pngSize } from '../../worker/documents/image-size';
import { type DocumentLimits, normalizeDocument as normalizeSource } from '../../worker/documents/normalize';
import { type PdfDict, parseValue } from '../../worker/documents/pdf-syntax';
import { declaredImageBytes } from '../../worker/documents/stream-bounds';
import { ApiError } from '../../worker/http/api-error';
import { makeEncryptedPdf, makeJpeg, makePdf, makePng } from '../support/documents';
import { rawPdf } from '../support/pdf-structure';
import { addGreyImage } from '../support/scanned-page.mjs';

/** Zeros deflated in a stream, never held whole: `megabytes` MB become about a thousandth of that. */
async function deflatedZeros(megabytes: number): Promise<Uint8Array> {
  const zeros = new Uint8Array(1024 * 1024);
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (megabytes-- > 0) controller.enqueue(zeros);
      else controller.close();
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
}

/** A one-page PDF that also holds a stream of `megabytes` MB of zeros, deflated: a decompression bomb. */
async function flateBombPdf(megabytes = 80): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const bomb = await deflatedZeros(megabytes);
  pdf.context.register(PDFRawStream.of(pdf.context.obj({ Filter: 'FlateDecode', Length: bomb.length }), bomb));
  return pdf.save({ useObjectStreams: false });
}

/**
 * A one-page PDF whose image says it is `width` × `height` grey pixels and whose Flate data holds
 * `megabytes` MB of zeros, whatever it says.
 */
async function imagePdf(width: number, height: number, megabytes: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const data = await deflatedZeros(megabytes);
  const image = addGreyImage(pdf, data, { width, height, bitsPerComponent: 8 });
  pdf.addPage().node.newXObject('Scan', image);
  return pdf.save({ useObjectStreams: false });
}

/** The same PNG with another size in its header (its pixels are never decoded). */
function withPngSize(png: Uint8Array, width: number, height: number): Uint8Array {
  const copy = png.slice();
  new DataView(copy.buffer).setUint32(16, width);
  new DataView(copy.buffer).setUint32(20, height);
  return copy;
}

/** The same JPEG with another size in its frame header. */
function withJpegSize(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const copy = jpeg.slice();
  for (let at = 2; at < copy.length - 9; at++) {
    if (copy[at] === 0xff && copy[at + 1] === 0xc0) {
      new DataView(copy.buffer).setUint16(at + 5, height);
      new DataView(copy.buffer).setUint16(at + 7, width);
      return copy;
    }
  }
  throw new Error('no SOF0 in the test JPEG');
}

describe('image sizes read from the header', () => {
  it('reads a PNG and a JPEG as their decoders would', () => {
    expect(pngSize(makePng(40, 20))).toEqual({ width: 40, height: 20 });
    expect(jpegSize(withJpegSize(makeJpeg(2000), 1234, 567))).toEqual({ width: 1234, height: 567 });
    expect(pngSize(new Uint8Array(10))).toBeNull();
  });
});

const LIMITS = { maxBytes: 50 * 1024 * 1024, maxPages: 350 };

/** The check of an upload held in memory (a one-shot upload); the Worker reads a large one from R2. */
function normalizeDocument(bytes: Uint8Array, limits: DocumentLimits) {
  return normalizeSource(bytesSource(bytes), limits);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'accepted';
}

describe('declaredImageBytes: what readers decode of an image, from its dictionary', () => {
  const dict = (text: string) => parseValue(new TextEncoder().encode(text)) as PdfDict;
  it.each<[string, string, number | null]>([
    [
      'a 1-bit scan',
      '<< /Subtype /Image /Width 1700 /Height 2200 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode >>',
      (213 + 1) * 2200,
    ],
    ['an RGB photo', '<< /Subtype /Image /Width 100 /Height 10 /ColorSpace /DeviceRGB /BitsPerComponent 8 >>', 301 * 10],
    ['an image mask', '<< /Subtype /Image /Width 16 /Height 2 /ImageMask true >>', 3 * 2],
    ['an ICC colour space, counted as four components', '<< /Subtype /Image /Width 10 /Height 1 /ColorSpace [/ICCBased 5 0 R] >>', 41],
    [
      'a predictor wider than the image',
      '<< /Subtype /Image /Width 10 /Height 1 /ColorSpace /DeviceGray /DecodeParms << /Predictor 15 /Columns 1000 /Colors 3 >> >>',
      3001,
    ],
    ['a stream that is not an image', '<< /Length 5 /Filter /FlateDecode >>', null],
    ['an image behind two filters', '<< /Subtype /Image /Width 10 /Height 10 /Filter [/FlateDecode /DCTDecode] >>', null],
    ['an image without a size', '<< /Subtype /Image /Height 10 >>', null],
  ])('%s', (_label, text, bytes) => {
    expect(declaredImageBytes(dict(text))).toBe(bytes);
  });
});

describe('placeImage', () => {
  it.each([
    ['a tall image fills the portrait page height', 100, 200, { pageWidth: 612, pageHeight: 792, x: 126, y: 36, width: 360, height: 720 }],
    ['a wide image gets a landscape page', 400, 100, { pageWidth: 792, pageHeight: 612, x: 36, y: 216, width: 720, height: 180 }],
    ['a square image is portrait', 10, 10, { pageWidth: 612, pageHeight: 792, x: 36, y: 126, width: 540, height: 540 }],
  ])('%s', (_label, width, height, placed) => {
    expect(placeImage(width, height)).toEqual(placed);
  });
});

describe('normalizeDocument', () => {
  it('keeps a PDF whose stream inflates to 24 MB, a colour page scanned at 300 dpi (the bound is 32 MB)', async () => {
    const bytes = await flateBombPdf(24);
    expect((await normalizeDocument(bytes, LIMITS)).pageCount).toBe(1);
  });

  it('keeps an image whose data inflates past what it says: readers decode only the pixels it has', async () => {
    expect((await normalizeDocument(await imagePdf(100, 100, 40), LIMITS)).pageCount).toBe(1);
  });

  it('keeps a PDF byte for byte and counts its pages', async () => {
    const bytes = await makePdf(5);
    const document = await normalizeDocument(bytes, LIMITS);
    expect(document).toMatchObject({ pageCount: 5, originalContentType: 'application/pdf', converted: null, size: bytes.byteLength });
    expect(document.md5).toBe(createHash('md5').update(bytes).digest('hex'));
  });

  it.each([
    ['a PNG', () => makePng(), 'image/png'],
    ['a JPEG', () => makeJpeg(2000), 'image/jpeg'],
  ])('turns %s into a one-page PDF', async (_label, build, type) => {
    const document = await normalizeDocument(build(), LIMITS);
    expect(document).toMatchObject({ pageCount: 1, originalContentType: type });
    expect((await PDFDocument.load(document.converted!)).getPageCount()).toBe(1);
    expect(document.size).toBe(document.converted!.byteLength);
  });

  it('reads a JPEG handed over as a view into a larger buffer', async () => {
    const jpeg = makeJpeg(2000);
    const framed = new Uint8Array(jpeg.byteLength + 20);
    framed.set(jpeg, 10);
    expect((await normalizeDocument(framed.subarray(10, 10 + jpeg.byteLength), LIMITS)).pageCount).toBe(1);
  });

  it.each([
    ['a file over the size limit', async () => makePdf(1), { maxBytes: 500, maxPages: 350 }, '413 FILE_TOO_LARGE'],
    ['a PDF over the page limit', async () => makePdf(3), { maxBytes: LIMITS.maxBytes, maxPages: 2 }, '400 TOO_MANY_PAGES'],
    ['an encrypted PDF', makeEncryptedPdf, LIMITS, '400 ENCRYPTED_DOCUMENT'],
    [
      'a PDF whose trailer names an encryption dictionary that is not there',
      async () => {
        const pdf = await PDFDocument.create();
        pdf.addPage();
        pdf.context.trailerInfo.Encrypt = PDFRef.of(999);
        return pdf.save({ useObjectStreams: false });
      },
      LIMITS,
      '400 ENCRYPTED_DOCUMENT',
    ],
    ['a PDF cut off after 200 bytes', async () => (await makePdf(3)).subarray(0, 200), LIMITS, '400 CORRUPT_DOCUMENT'],
    [
      'a PDF cut off before its end marker',
      async () => {
        const whole = await makePdf(3);
        return whole.subarray(0, whole.length - 20);
      },
      LIMITS,
      '400 CORRUPT_DOCUMENT',
    ],
    ['a PDF with no pages', async () => (await PDFDocument.create()).save({ addDefaultPage: false }), LIMITS, '400 CORRUPT_DOCUMENT'],
    // Decompression bombs (docs/security.md): refused from the header, before any pixel is decoded.
    ['a PNG that says it is 10000 × 10000 pixels', async () => withPngSize(makePng(), 10_000, 10_000), LIMITS, '400 IMAGE_TOO_LARGE'],
    [
      'a JPEG that says it is 20000 × 20000 pixels',
      async () => withJpegSize(makeJpeg(2000), 20_000, 20_000),
      LIMITS,
      '400 IMAGE_TOO_LARGE',
    ],
    ['a PDF holding a deflate stream of 80 MB in 80 KB', () => flateBombPdf(80), LIMITS, '400 CORRUPT_DOCUMENT'],
    ['a PDF holding a deflate stream of 33 MB, just past the bound', () => flateBombPdf(33), LIMITS, '400 CORRUPT_DOCUMENT'],
    ['an image that says it is 7000 × 7000 and inflates to 40 MB', () => imagePdf(7000, 7000, 40), LIMITS, '400 CORRUPT_DOCUMENT'],
    // Its structure alone (not its pages' content) would fill a Worker: refused before anything else goes wrong.
    [
      'a PDF whose objects alone pass 24 MB',
      async () => {
        const padding = `<< /Pad (${'x'.repeat(10_000)}) >>`;
        const objects = [
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R >>',
        ];
        return rawPdf([...objects, ...Array.from({ length: 2600 }, () => padding)]);
      },
      LIMITS,
      '400 DOCUMENT_TOO_COMPLEX',
    ],
    // Turned into its page in memory, an image costs about twice its size: past 20 MB it is refused unread.
    ['a JPEG file of 21 MB', async () => makeJpeg(21 * 1024 * 1024), LIMITS, '400 IMAGE_TOO_LARGE'],
    ['a TIFF', async () => new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), LIMITS, '415 UNSUPPORTED_FILE_TYPE'],
    ['text', async () => new TextEncoder().encode('hello'), LIMITS, '415 UNSUPPORTED_FILE_TYPE'],
  ])('refuses %s', async (_label, build, limits, code) => {
    expect(await codeOf(normalizeDocument(await build(), limits))).toBe(code);
  });
});
