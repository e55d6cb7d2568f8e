// The HTTP metadata a stored document's R2 object carries (its file view is views/files.ts). Every stored document is a PDF, so what a browser gets is always application/pdf.

export const STORED_CONTENT_TYPE = 'application/pdf';
// Documents are private: never kept by shared caches.
const CACHE_CONTROL = 'private, max-age=0, must-revalidate';
const CONTENT_ENCODING = 'identity';

/** "scan.png" → "scan.pdf": the name a browser saves the stored PDF under. */
function pdfFileName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${base || 'document'}.pdf`;
}

/** `inline` with the name both as plain ASCII (old browsers) and RFC 5987 UTF-8. */
export function inlineDisposition(name: string): string {
  const fileName = pdfFileName(name);
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

interface DocumentHttpMetadata {
  contentType: string;
  cacheControl: string;
  contentDisposition: string;
  contentEncoding: string;
  contentLanguage: string | null;
}

export function documentHttpMetadata(name: string): DocumentHttpMetadata {
  return {
    contentType: STORED_CONTENT_TYPE,
    cacheControl: CACHE_CONTROL,
    contentDisposition: inlineDisposition(name),
    contentEncoding: CONTENT_ENCODING,
    contentLanguage: null,
  };
}

/** For R2: it takes `undefined`, not null, for a field left out. */
export function toR2HttpMetadata(metadata: DocumentHttpMetadata): R2HTTPMetadata {
  const { contentLanguage, ...rest } = metadata;
  return contentLanguage === null ? rest : { ...rest, contentLanguage };
}
