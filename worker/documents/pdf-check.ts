import { createHash } from 'node:crypto';
import { t } from '../../src/i18n/t';
import { ApiError } from '../http/api-error';
import type { DocumentSource } from './document-source';
import { decryptedPdf, openEncryptedPdf } from './pdf-decrypt';
import { type PageTree, type PdfOutline, PdfStructureError, readPageTree } from './pdf-outline';
import { DocumentTooComplex, type ScanOptions, scanPdf } from './pdf-scan';
import { StreamTooLarge } from './stream-bounds';

// Whether an uploaded PDF can be faxed as it is, and how many pages it has. A carrier can only
// rasterise what it can read: a broken PDF fails at the fax machine, so it is refused at upload,
// and so is one that needs a password to open. One that opens without (an owner password only, or
// an empty user password: decision 037) is answered as pieces of its decrypted copy, to be stored in
// its place. The document is read once, front to back, never held whole (decision 030); an encrypted
// one twice, the second time with its key.

// The trailer sits at the end; incremental updates append a new one, so the tail is enough.
const TRAILER_WINDOW = 64 * 1024;
const ENCRYPT_ENTRY = /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/;
// A complete PDF ends with `startxref`, the offset of its cross-reference, and `%%EOF`. A reader
// takes a cut-off file anyway (pdf-lib read the first 200 bytes of a 3-page PDF as 1 page), so a
// file without them is refused: what reached us is not the whole document.
const COMPLETE_END = /startxref\s+\d+\s+%%EOF/;

const latin1 = new TextDecoder('latin1');

export interface CheckedPdf {
  encrypted: false;
  pageCount: number;
  /** Hex MD5 of every byte (spec §3 md5Hash), computed on the same pass. */
  md5: string;
  /** What the pass learnt of the document's structure, and its pages (a cover page is appended from them). */
  outline: PdfOutline;
  tree: PageTree;
}

/** A PDF that opens without a password: its decrypted copy, to be stored and checked in its place. */
export interface EncryptedPdf {
  encrypted: true;
  decrypted: () => AsyncGenerator<Uint8Array>;
}

/**
 * The outline of a PDF from any source, with the refusals an upload gets: 400 CORRUPT_DOCUMENT
 * (a stream that decodes past its bound), 400 DOCUMENT_TOO_COMPLEX.
 */
async function scanOrRefuse(source: DocumentSource, options: Omit<ScanOptions, 'checkStreams'>): Promise<PdfOutline> {
  try {
    return await scanPdf(source, { checkStreams: true, ...options });
  } catch (error) {
    // A stream that inflates past its bound is a decompression bomb.
    if (error instanceof StreamTooLarge) throw new ApiError(400, 'CORRUPT_DOCUMENT', t('api.streamTooLarge'));
    if (error instanceof DocumentTooComplex) throw new ApiError(400, 'DOCUMENT_TOO_COMPLEX');
    throw error;
  }
}

/** The page tree of an outline; 400 CORRUPT_DOCUMENT for a missing catalog, a broken (even cyclic) tree or no page. */
async function pagesOrRefuse(outline: PdfOutline): Promise<PageTree> {
  let tree: PageTree;
  try {
    tree = await readPageTree(outline);
  } catch (error) {
    if (error instanceof PdfStructureError) throw new ApiError(400, 'CORRUPT_DOCUMENT');
    throw error;
  }
  if (tree.pageCount < 1) throw new ApiError(400, 'CORRUPT_DOCUMENT');
  return tree;
}

/**
 * An encrypted PDF's decrypted copy when it opens without a password; 400 ENCRYPTED_DOCUMENT
 * saying what to do when it needs one (or another handler's key, a certificate).
 */
async function decryptOrRefuse(source: DocumentSource, outline: PdfOutline): Promise<EncryptedPdf> {
  const { verdict, decipher } = openEncryptedPdf(outline);
  if (!verdict.opens || !decipher) {
    throw new ApiError(400, 'ENCRYPTED_DOCUMENT', t(verdict.opens ? 'api.pdfLocked.UNSUPPORTED' : `api.pdfLocked.${verdict.reason}`));
  }
  // Again with the key: object streams hold the page tree, and a bomb is only seen decrypted.
  const decrypted = await scanOrRefuse(source, { decipher, keepStreams: true });
  await pagesOrRefuse(decrypted);
  return { encrypted: true, decrypted: () => decryptedPdf(source, decrypted, decipher) };
}

/**
 * The page count and MD5 of a whole, readable PDF; the decrypted copy of one that opens without a
 * password; 400 ENCRYPTED_DOCUMENT, CORRUPT_DOCUMENT or DOCUMENT_TOO_COMPLEX otherwise.
 */
export async function checkPdf(source: DocumentSource): Promise<CheckedPdf | EncryptedPdf> {
  const tailStart = Math.max(0, source.size - TRAILER_WINDOW);
  const tail = latin1.decode(await source.read(tailStart, source.size - tailStart));
  if (!COMPLETE_END.test(tail)) throw new ApiError(400, 'CORRUPT_DOCUMENT');
  const hash = createHash('md5');
  const outline = await scanOrRefuse(source, { onBytes: (bytes) => hash.update(bytes) });
  // A trailer naming an encryption dictionary, whether or not it resolves.
  if (outline.trailer.encrypted || ENCRYPT_ENTRY.test(tail)) return decryptOrRefuse(source, outline);
  const tree = await pagesOrRefuse(outline);
  return { encrypted: false, pageCount: tree.pageCount, md5: hash.digest('hex'), outline, tree };
}

/** The pages of a PDF as far as its structure tells, or null when it cannot be read (a received fax: kept anyway). */
export async function countPdfPages(source: DocumentSource): Promise<number | null> {
  try {
    const outline = await scanPdf(source, { checkStreams: false });
    return (await readPageTree(outline)).pageCount || null;
  } catch (error) {
    if (error instanceof PdfStructureError || error instanceof StreamTooLarge || error instanceof DocumentTooComplex) return null;
    throw error;
  }
}
