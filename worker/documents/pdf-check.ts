import { PDFDocument } from 'pdf-lib';
import { t } from '../../src/i18n/t';
import { ApiError } from '../http/api-error';
import { hasOversizedStream } from './stream-bounds';

// Whether an uploaded PDF can be faxed as it is, and how many pages it has. A carrier can only
// rasterise what it can read: an encrypted or broken PDF fails at the fax machine, so it is
// refused at upload.

// The trailer sits at the end; incremental updates append a new one, so the tail is enough.
const TRAILER_WINDOW = 64 * 1024;
const ENCRYPT_ENTRY = /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/;

/**
 * True when a trailer names an encryption dictionary, whether or not it resolves. (UTF-8 decoding
 * keeps every ASCII byte, which is all the pattern needs.)
 */
function trailerNamesEncryption(bytes: Uint8Array, pdf: PDFDocument): boolean {
  if (pdf.context.trailerInfo.Encrypt !== undefined) return true;
  const tail = new TextDecoder().decode(bytes.subarray(Math.max(0, bytes.length - TRAILER_WINDOW)));
  return ENCRYPT_ENTRY.test(tail);
}

// A complete PDF ends with `startxref`, the offset of its cross-reference, and `%%EOF`. pdf-lib
// reads a cut-off file anyway (the first 200 bytes of a 3-page PDF came out as 1 page), so a file
// without them is refused: what reached us is not the whole document.
const COMPLETE_END = /startxref\s+\d+\s+%%EOF/;

function endsLikeACompletePdf(bytes: Uint8Array): boolean {
  return COMPLETE_END.test(new TextDecoder().decode(bytes.subarray(Math.max(0, bytes.length - TRAILER_WINDOW))));
}

/** The page count of a whole, readable, unencrypted PDF; 400 ENCRYPTED_DOCUMENT or CORRUPT_DOCUMENT otherwise. */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  if (!endsLikeACompletePdf(bytes)) throw new ApiError(400, 'CORRUPT_DOCUMENT');
  // Before pdf-lib reads it: a stream that inflates past its bound is a decompression bomb.
  if (await hasOversizedStream(bytes)) throw new ApiError(400, 'CORRUPT_DOCUMENT', t('api.streamTooLarge'));
  let pdf: PDFDocument;
  try {
    // Encryption is checked below rather than through pdf-lib's EncryptedPDFError: that class is
    // compiled to ES5 and its instances fail `instanceof`.
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw new ApiError(400, 'CORRUPT_DOCUMENT');
  }
  if (pdf.isEncrypted || trailerNamesEncryption(bytes, pdf)) throw new ApiError(400, 'ENCRYPTED_DOCUMENT');
  let pages: number;
  try {
    // Walks the page tree: a missing catalog or a broken (even cyclic) tree throws here.
    pages = pdf.getPageCount();
  } catch {
    throw new ApiError(400, 'CORRUPT_DOCUMENT');
  }
  if (pages < 1) throw new ApiError(400, 'CORRUPT_DOCUMENT');
  return pages;
}
