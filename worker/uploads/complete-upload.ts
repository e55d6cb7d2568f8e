import type { Db } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import { deleteUpload, finishUpload, partsOf } from '../db/queries/uploads';
import type { FileRow, UploadRow } from '../db/schema';
import type { DocumentSource } from '../documents/document-source';
import { type DocumentSink, type NormalizedDocument, normalizeDocument } from '../documents/normalize';
import type { AppConfig } from '../env';
import { ApiError } from '../http/api-error';
import { copyObject, deleteObjects, multipartUpload, readObjectInfo, readObjectSource, writeObjectInParts } from '../storage/bucket';
import { uploadDecryptedKey } from '../storage/documents';
import { discardUploadBytes, listStagedKeys } from './staging';
import { documentLimits, keepDocumentOutline, newFileRecord, putDocumentPdf, storedPdfOptions } from './store-document';

// POST /api/uploads/:id/complete: the parts become one object at the document's key, which is then
// checked like a one-shot upload, read piece by piece from R2 (a 50 MB document is never held
// whole: decision 030). Asking again after a lost answer gets the same file.

/** The assembled object. A completion that stopped after R2 finished finds the object already there. */
async function assemble(env: Env, upload: UploadRow): Promise<DocumentSource> {
  const parts = partsOf(upload).sort((a, b) => a.partNumber - b.partNumber);
  try {
    await multipartUpload(env, upload.r2Key, upload.r2UploadId).complete(parts);
  } catch (error) {
    const existing = await readObjectInfo(env, upload.r2Key);
    if (existing?.size !== upload.size) throw error;
  }
  const object = await readObjectSource(env, upload.r2Key);
  if (!object) throw new Error(`completed upload ${upload.id} has no object`);
  return object;
}

/**
 * A decrypted copy (a PDF that opens without a password, decision 037) is written beside the upload's
 * staged chunks, piece by piece, and read back from there: the upload itself is still being read.
 */
function stagingSink(env: Env, upload: UploadRow): DocumentSink {
  const key = uploadDecryptedKey(upload.userId, upload.id);
  return {
    async write(pieces) {
      await writeObjectInParts(env, key, pieces);
      const source = await readObjectSource(env, key);
      if (!source) throw new Error(`the decrypted copy of upload ${upload.id} went away`);
      return { source, bytes: null };
    },
  };
}

/** The document, or the refusal after every byte of the upload has been removed. */
async function normalizeOrDiscard(
  env: Env,
  db: Db,
  upload: UploadRow,
  source: DocumentSource,
  config: AppConfig,
): Promise<NormalizedDocument> {
  try {
    return await normalizeDocument(source, documentLimits(config), stagingSink(env, upload));
  } catch (error) {
    if (error instanceof ApiError) {
      await discardUploadBytes(env, upload);
      await deleteUpload(db, upload.id);
    }
    throw error;
  }
}

export async function completeUpload(env: Env, db: Db, upload: UploadRow, config: AppConfig): Promise<FileRow> {
  if (upload.state === 'complete') {
    const file = upload.fileId ? await findFileOfUser(db, upload.userId, upload.fileId) : null;
    if (!file) throw new ApiError(404, 'NOT_FOUND');
    return file;
  }
  if (upload.received < upload.size) throw new ApiError(409, 'UPLOAD_INCOMPLETE');
  if (!upload.fileId) throw new Error(`upload ${upload.id} has no file id`);

  const source = await assemble(env, upload);
  const document = await normalizeOrDiscard(env, db, upload, source, config);
  const record = newFileRecord({ fileId: upload.fileId, userId: upload.userId, name: upload.name, document, now: Date.now() });
  // A PDF is already where it belongs, byte for byte; an image is replaced by its PDF page, an
  // encrypted PDF by its decrypted copy (streamed across, never held whole).
  if (document.converted) await putDocumentPdf(env, record, document.converted);
  else if (document.decrypted)
    await copyObject(env, uploadDecryptedKey(upload.userId, upload.id), upload.r2Key, null, storedPdfOptions(record));
  await keepDocumentOutline(env, record, document);
  const file = await finishUpload(db, upload.id, record);
  await deleteObjects(env, await listStagedKeys(env, upload));
  return file;
}
