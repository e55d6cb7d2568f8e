import type { StoredFileView } from '../../src/common/uploads';
import type { FileRow } from '../db/schema';
import { DOCUMENTS_BUCKET_NAME } from '../storage/documents';

// The spec's stored file metadata (§3) of a stored document.

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
