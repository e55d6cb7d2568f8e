import { PDFDocument, type PDFImage } from 'pdf-lib';
import { t } from '../../src/i18n/t';
import { ApiError } from '../http/api-error';
import { isTooManyPixels, jpegSize, pngSize } from './image-size';

// A PNG or JPEG becomes a one-page PDF: US Letter, the image fitted inside half-inch margins with
// its aspect kept and centred. A wide image gets a landscape page so it is not shrunk to a strip.

const LETTER_SHORT = 612;
const LETTER_LONG = 792;
const MARGIN = 36;

interface PlacedImage {
  pageWidth: number;
  pageHeight: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an image of this size goes on its page (pure; points). */
export function placeImage(imageWidth: number, imageHeight: number): PlacedImage {
  const landscape = imageWidth > imageHeight;
  const pageWidth = landscape ? LETTER_LONG : LETTER_SHORT;
  const pageHeight = landscape ? LETTER_SHORT : LETTER_LONG;
  const scale = Math.min((pageWidth - 2 * MARGIN) / imageWidth, (pageHeight - 2 * MARGIN) / imageHeight);
  const width = imageWidth * scale;
  const height = imageHeight * scale;
  return { pageWidth, pageHeight, x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height };
}

/** The image as a one-page PDF; 400 CORRUPT_DOCUMENT when pdf-lib cannot decode it. */
export async function imageToPdf(bytes: Uint8Array, kind: 'png' | 'jpeg'): Promise<Uint8Array> {
  // Refused from the header alone, before pdf-lib decodes a pixel (a decompression bomb).
  const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size) throw new ApiError(400, 'CORRUPT_DOCUMENT');
  if (isTooManyPixels(kind, size)) {
    throw new ApiError(
      400,
      'IMAGE_TOO_LARGE',
      t('api.imageTooLarge', { kind: kind.toUpperCase(), width: size.width, height: size.height }),
    );
  }
  const pdf = await PDFDocument.create();
  // pdf-lib's JPEG reader looks at the view's whole buffer, so hand it bytes that start at 0.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  let image: PDFImage;
  try {
    image = kind === 'png' ? await pdf.embedPng(own) : await pdf.embedJpg(own);
  } catch {
    throw new ApiError(400, 'CORRUPT_DOCUMENT');
  }
  if (image.width < 1 || image.height < 1) throw new ApiError(400, 'CORRUPT_DOCUMENT');
  const place = placeImage(image.width, image.height);
  pdf.addPage([place.pageWidth, place.pageHeight]).drawImage(image, { x: place.x, y: place.y, width: place.width, height: place.height });
  return pdf.save();
}
