import type { StoredFileView } from '../../src/common/uploads';
import type { FileRow } from '../db/schema';
import { DOCUMENTS_BUCKET_NAME } from '../storage/documents';

// The spec's stored file metadata (§3) for a stored document, and the HTTP metadata its R2 object
// carries. Every stored document is a PDF, so what a browser gets is always application/pdf.

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

function parseCustomMetadata(json: string | null): Record<string, string> {
  if (!json) return {};
  const parsed: unknown = JSON.parse(json);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

export function toStoredFileView(row: FileRow): StoredFileView {
  return {
    fileId: row.id,
    bucket: DOCUMENTS_BUCKET_NAME,
    name: row.name,
    fullPath: row.r2Key,
    size: row.size,
    contentType: row.contentType,
    timeCreated: new Date(row.createdAt).toISOString(),
    updated: new Date(row.updatedAt).toISOString(),
    md5Hash: row.md5Hash,
    cacheControl: row.cacheControl,
    contentDisposition: row.contentDisposition,
    contentEncoding: row.contentEncoding,
    contentLanguage: row.contentLanguage,
    customMetadata: parseCustomMetadata(row.customMetadata),
    pageCount: row.pageCount,
  };
}
