import { createHash } from 'node:crypto';
import { t } from '../../src/i18n/t';
import { ApiError } from '../http/api-error';
import type { DocumentSource } from './document-source';
import { PdfStructureError, readPageTree, type PdfOutline } from './pdf-outline';
import { DocumentTooComplex, scanPdf } from './pdf-scan';
import { StreamTooLarge } from './stream-bounds';

// Whether an uploaded PDF can be faxed as it is, and how many pages it has. A carrier can only
// rasterise what it can read: an encrypted or broken PDF fails at the fax machine, so it is
// refused at upload. The document is read once, front to back, never held whole (issue 16).

// The trailer sits at the end; incremental updates append a new one, so the tail is enough.
const TRAILER_WINDOW = 64 * 1024;
const ENCRYPT_ENTRY = /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/;
// A complete PDF ends with `startxref`, the offset of its cross-reference, and `%%EOF`. A reader
// takes a cut-off file anyway (pdf-lib read the first 200 bytes of a 3-page PDF as 1 page), so a
// file without them is refused: what reached us is not the whole document.
const COMPLETE_END = /startxref\s+\d+\s+%%EOF/;

const latin1 = new TextDecoder('latin1');

export interface CheckedPdf {
  pageCount: number;
  /** Hex MD5 of every byte (spec §3 md5Hash), computed on the same pass. */
  md5: string;
}

/**
 * The outline of a PDF from any source, with the refusals an upload gets: 400 CORRUPT_DOCUMENT
 * (a stream that decodes past its bound), 400 DOCUMENT_TOO_COMPLEX.
 */
async function scanOrRefuse(source: DocumentSource, onBytes: (bytes: Uint8Array) => void): Promise<PdfOutline> {
  try {
    return await scanPdf(source, { checkStreams: true, onBytes });
  } catch (error) {
    // A stream that inflates past its bound is a decompression bomb.
    if (error instanceof StreamTooLarge) throw new ApiError(400, 'CORRUPT_DOCUMENT', t('api.streamTooLarge'));
    if (error instanceof DocumentTooComplex) throw new ApiError(400, 'DOCUMENT_TOO_COMPLEX');
    throw error;
  }
}

/**
 * The page count and MD5 of a whole, readable, unencrypted PDF; 400 ENCRYPTED_DOCUMENT,
 * CORRUPT_DOCUMENT or DOCUMENT_TOO_COMPLEX otherwise.
 */
export async function checkPdf(source: DocumentSource): Promise<CheckedPdf> {
  const tailStart = Math.max(0, source.size - TRAILER_WINDOW);
  const tail = latin1.decode(await source.read(tailStart, source.size - tailStart));
  if (!COMPLETE_END.test(tail)) throw new ApiError(400, 'CORRUPT_DOCUMENT');
  const hash = createHash('md5');
  const outline = await scanOrRefuse(source, (bytes) => hash.update(bytes));
  // A trailer naming an encryption dictionary, whether or not it resolves.
  if (outline.trailer.encrypted || ENCRYPT_ENTRY.test(tail)) throw new ApiError(400, 'ENCRYPTED_DOCUMENT');
  let pageCount: number;
  try {
    // A missing catalog or a broken (even cyclic) tree fails here.
    pageCount = readPageTree(outline).pageCount;
  } catch (error) {
    if (error instanceof PdfStructureError) throw new ApiError(400, 'CORRUPT_DOCUMENT');
    throw error;
  }
  if (pageCount < 1) throw new ApiError(400, 'CORRUPT_DOCUMENT');
  return { pageCount, md5: hash.digest('hex') };
}

/** The pages of a PDF as far as its structure tells, or null when it cannot be read (a received fax: kept anyway). */
export async function countPdfPages(source: DocumentSource): Promise<number | null> {
  try {
    const outline = await scanPdf(source, { checkStreams: false });
    return readPageTree(outline).pageCount || null;
  } catch (error) {
    if (error instanceof PdfStructureError || error instanceof StreamTooLarge || error instanceof DocumentTooComplex) return null;
    throw error;
  }
}
