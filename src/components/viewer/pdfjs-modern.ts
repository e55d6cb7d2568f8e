import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { faxDocumentOpener } from './pdf-document';

// pdf.js's modern build, for browsers that have the JavaScript it calls (fax-document.ts asks):
// about a quarter smaller than the legacy one, which brings that JavaScript itself (docs/decisions/032).
// Its worker is a hashed build asset, kept by browsers for a year (public/_headers).

export const openFaxDocument = faxDocumentOpener(pdfjs, workerUrl);
