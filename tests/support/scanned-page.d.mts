// Types of scanned-page.mjs, for the TypeScript tests.
import type { PDFDocument, PDFRef } from 'pdf-lib';

export declare function addScannedPage(pdf: PDFDocument, data: Uint8Array, size: { width: number; height: number }): void;

export declare function addGreyImage(
  pdf: PDFDocument,
  data: Uint8Array,
  image: { width: number; height: number; bitsPerComponent?: number },
): PDFRef;
