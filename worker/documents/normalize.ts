import { t } from '../../src/i18n/t';
import { ApiError } from '../http/api-error';
import { joinBytes } from '../http/bytes';
import { md5Hex } from './checksum';
import type { DocumentSource } from './document-source';
import { bytesSource } from './document-source';
import { imageToPdf } from './image-pdf';
import { MAX_IMAGE_FILE_BYTES } from './image-size';
import { keptOutlineBytes } from './kept-outline';
import { checkPdf } from './pdf-check';
import { CONTENT_TYPES, SNIFF_BYTES, sniffDocumentKind } from './sniff';

// Every upload, one-shot or resumable, goes through here before it is stored: the bytes decide the
// type, images become PDF pages, and the carrier's limits are applied. A stored document is
// therefore always a PDF we could read. A PDF is read piece by piece from where it lies, never
// held whole (decision 030).

export interface DocumentLimits {
  maxBytes: number;
  maxPages: number;
}

/**
 * Where a document written anew goes (a PDF decrypted at upload): it answers the stored copy to
 * read back, and its bytes when they are in memory. The default keeps them in memory.
 */
export interface DocumentSink {
  write(pieces: AsyncIterable<Uint8Array>): Promise<{ source: DocumentSource; bytes: Uint8Array | null }>;
}

export const MEMORY_SINK: DocumentSink = {
  async write(pieces) {
    const parts: Uint8Array[] = [];
    for await (const piece of pieces) parts.push(piece);
    const bytes = joinBytes(parts);
    return { source: bytesSource(bytes), bytes };
  },
};

export interface NormalizedDocument {
  /** The PDF to store in place of the upload (an image's page, a decrypted copy in memory), or null. */
  converted: Uint8Array | null;
  /** True when the PDF was decrypted into the sink: what it holds is stored in place of the upload. */
  decrypted: boolean;
  /** Bytes of the PDF stored. */
  size: number;
  /** Hex MD5 of the PDF stored. */
  md5: string;
  pageCount: number;
  /** What the bytes were before any conversion (e.g. image/png). */
  originalContentType: string;
  /** The stored PDF's outline to keep beside it (kept-outline.ts), or null (an image's page: small to read again). */
  outline: Uint8Array | null;
}

/**
 * The upload as a faxable PDF (one that opens without a password decrypted into `sink`), or an
 * ApiError: 413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE
 * (TIFF included: docs/decisions/013-resumable-uploads.md), 400 ENCRYPTED_DOCUMENT (a password needed),
 * CORRUPT_DOCUMENT, DOCUMENT_TOO_COMPLEX, IMAGE_TOO_LARGE (too many pixels, or an image file over
 * 20 MB) or TOO_MANY_PAGES.
 */
export async function normalizeDocument(
  source: DocumentSource,
  limits: DocumentLimits,
  sink: DocumentSink = MEMORY_SINK,
): Promise<NormalizedDocument> {
  if (source.size > limits.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE');
  const kind = sniffDocumentKind(await source.read(0, SNIFF_BYTES));
  if (kind === null || kind === 'tiff') throw new ApiError(415, 'UNSUPPORTED_FILE_TYPE');
  const originalContentType = CONTENT_TYPES[kind];
  if (kind === 'pdf') {
    const checked = await checkPdf(source);
    if (!checked.encrypted) {
      if (checked.pageCount > limits.maxPages) throw new ApiError(400, 'TOO_MANY_PAGES');
      return {
        converted: null,
        decrypted: false,
        size: source.size,
        md5: checked.md5,
        pageCount: checked.pageCount,
        originalContentType,
        outline: keptOutlineBytes(checked.outline, checked.tree),
      };
    }
    // Opens without a password: its decrypted copy is checked as any PDF and stored in its place.
    const written = await sink.write(checked.decrypted());
    const copy = await checkPdf(written.source);
    if (copy.encrypted) throw new ApiError(400, 'CORRUPT_DOCUMENT');
    if (copy.pageCount > limits.maxPages) throw new ApiError(400, 'TOO_MANY_PAGES');
    if (written.source.size > limits.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE');
    return {
      converted: written.bytes,
      decrypted: true,
      size: written.source.size,
      md5: copy.md5,
      pageCount: copy.pageCount,
      originalContentType,
      outline: keptOutlineBytes(copy.outline, copy.tree),
    };
  }
  if (source.size > MAX_IMAGE_FILE_BYTES) {
    const mb = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(0);
    throw new ApiError(
      400,
      'IMAGE_TOO_LARGE',
      t('api.imageFileTooLarge', { kind: kind.toUpperCase(), mb: mb(source.size), max: mb(MAX_IMAGE_FILE_BYTES) }),
    );
  }
  const pdf = await imageToPdf(await source.read(0, source.size), kind);
  // A converted image can outgrow the limit a little (PNG alpha is split out); the carrier's limit
  // is about what we send.
  if (pdf.byteLength > limits.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE');
  return { converted: pdf, decrypted: false, size: pdf.byteLength, md5: md5Hex(pdf), pageCount: 1, originalContentType, outline: null };
}
