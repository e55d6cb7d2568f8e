// Types of scanned-page.mjs, for the TypeScript tests.
import type { PDFDocument } from 'pdf-lib';

export declare function addScannedPage(pdf: PDFDocument, data: Uint8Array, size: { width: number; height: number }): void;
