import type { Db } from '../db/client';
import { insertFile, type NewFile } from '../db/queries/files';
import type { FileRow } from '../db/schema';
import { bytesSource } from '../documents/document-source';
import { documentHttpMetadata, toR2HttpMetadata } from '../documents/file-view';
import { type DocumentLimits, type NormalizedDocument, normalizeDocument } from '../documents/normalize';
import type { AppConfig } from '../env';
import { writeObject } from '../storage/bucket';
import { documentKey, documentOutlineKey } from '../storage/documents';

export function documentLimits(config: AppConfig): DocumentLimits {
  return { maxBytes: config.MAX_DOCUMENT_BYTES, maxPages: config.MAX_FAX_PAGES };
}

interface FileRecordInput {
  fileId: string;
  userId: string;
  name: string;
  document: NormalizedDocument;
  now: number;
}

/** The `files` row of a document whose PDF is (or is about to be) at documentKey(userId, fileId). */
export function newFileRecord(input: FileRecordInput): NewFile {
  return {
    id: input.fileId,
    userId: input.userId,
    r2Key: documentKey(input.userId, input.fileId),
    name: input.name,
    size: input.document.size,
    md5Hash: input.document.md5,
    pageCount: input.document.pageCount,
    ...documentHttpMetadata(input.name),
    customMetadata: { originalContentType: input.document.originalContentType },
    now: input.now,
  };
}

/** What R2 keeps with a stored document: the metadata its row describes. */
export function storedPdfOptions(record: NewFile): R2PutOptions {
  return { httpMetadata: toR2HttpMetadata(documentHttpMetadata(record.name)), customMetadata: record.customMetadata };
}

/** Writes a normalized document's PDF to R2 with the metadata its row describes. */
export async function putDocumentPdf(env: Env, record: NewFile, pdf: Uint8Array): Promise<void> {
  await writeObject(env, record.r2Key, pdf, storedPdfOptions(record));
}

/** Keeps the stored PDF's outline beside it, when its check gave one (a fax's dispatch appends the cover from it). */
export async function keepDocumentOutline(env: Env, record: NewFile, document: NormalizedDocument): Promise<void> {
  if (document.outline) await writeObject(env, documentOutlineKey(record.r2Key), document.outline);
}

/** The one-shot upload (POST /api/files): checked, converted if an image, stored, recorded. */
export async function storeDocument(
  env: Env,
  db: Db,
  userId: string,
  name: string,
  bytes: Uint8Array,
  config: AppConfig,
): Promise<FileRow> {
  const document = await normalizeDocument(bytesSource(bytes), documentLimits(config));
  const record = newFileRecord({ fileId: crypto.randomUUID(), userId, name, document, now: Date.now() });
  await putDocumentPdf(env, record, document.converted ?? bytes);
  await keepDocumentOutline(env, record, document);
  return insertFile(db, record);
}
