import { ApiError } from '../http/api-error';
import { imageToPdf } from './image-pdf';
import { countPdfPages } from './pdf-check';
import { CONTENT_TYPES, sniffDocumentKind } from './sniff';

// Every upload, one-shot or resumable, goes through here before it is stored: the bytes decide the
// type, images become PDF pages, and the carrier's limits are applied. A stored document is
// therefore always a PDF we could read.

export interface DocumentLimits {
  maxBytes: number;
  maxPages: number;
}

export interface NormalizedDocument {
  /** The PDF to store: the upload itself for a PDF, the converted page for an image. */
  pdf: Uint8Array;
  pageCount: number;
  /** What the bytes were before any conversion (e.g. image/png). */
  originalContentType: string;
  converted: boolean;
}

/**
 * The upload as a faxable PDF, or an ApiError: 413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE
 * (TIFF included: docs/decisions/013-resumable-uploads.md), 400 ENCRYPTED_DOCUMENT,
 * CORRUPT_DOCUMENT or TOO_MANY_PAGES.
 */
export async function normalizeDocument(bytes: Uint8Array, limits: DocumentLimits): Promise<NormalizedDocument> {
  if (bytes.byteLength > limits.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE');
  const kind = sniffDocumentKind(bytes);
  if (kind === null || kind === 'tiff') throw new ApiError(415, 'UNSUPPORTED_FILE_TYPE');
  const pdf = kind === 'pdf' ? bytes : await imageToPdf(bytes, kind);
  const pageCount = kind === 'pdf' ? await countPdfPages(pdf) : 1;
  if (pageCount > limits.maxPages) throw new ApiError(400, 'TOO_MANY_PAGES');
  // A converted image can outgrow the limit a little (PNG alpha is split out); the carrier's limit
  // is about what we send.
  if (pdf.byteLength > limits.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE');
  return { pdf, pageCount, originalContentType: CONTENT_TYPES[kind], converted: kind !== 'pdf' };
}
