// What a file really is, read from its first bytes (magic numbers). The name and the declared
// type are never trusted: a ".pdf" can hold anything.

type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'tiff';

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
// Readers accept a PDF header anywhere in the first 1024 bytes (some producers prepend junk).
const PDF_HEADER_WINDOW = 1024;
/** Bytes of a file's start that decide what it is. */
export const SNIFF_BYTES = PDF_HEADER_WINDOW + PDF_HEADER.length;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, i) => bytes[at + i] === byte);
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const last = Math.min(PDF_HEADER_WINDOW, bytes.length - PDF_HEADER.length);
  for (let at = 0; at <= last; at++) {
    if (bytes[at] === 0x25 && startsWith(bytes, PDF_HEADER, at)) return true;
  }
  return false;
}

/** The kind of document the bytes are, or null for anything we cannot fax. */
export function sniffDocumentKind(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (hasPdfHeader(bytes)) return 'pdf';
  return null;
}
