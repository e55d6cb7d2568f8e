import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { faxDocumentOpener } from './pdf-document';

// pdf.js's legacy build, for browsers that lack some of the newest JavaScript the modern build
// calls (Map.prototype.getOrInsertComputed, Math.sumPrecise, Uint8Array.fromBase64, …): it brings
// them itself. Only such browsers download it (fax-document.ts; docs/decisions/032).

export const openFaxDocument = faxDocumentOpener(pdfjs, workerUrl);
