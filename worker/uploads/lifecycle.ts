import type { CreateUpload } from '../../src/common/uploads';
import { t } from '../../src/i18n/t';
import type { Db } from '../db/client';
import { countOpenUploadsOf, deleteUpload, findUploadOfUser, insertUpload, listExpiredUploadsOf } from '../db/queries/uploads';
import type { UploadRow } from '../db/schema';
import { documentHttpMetadata, toR2HttpMetadata } from '../documents/file-view';
import type { AppConfig } from '../env';
import { ApiError } from '../http/api-error';
import { startMultipartUpload } from '../storage/bucket';
import { documentKey } from '../storage/documents';
import { UPLOAD_IDLE_MS } from './chunk-rules';
import { discardUploadBytes } from './staging';

// Opening, finding and dropping resumable uploads. Abandoned ones are cleaned lazily: when their
// owner touches them or opens another upload; R2 aborts any multipart upload left after that.

/** More open uploads than a person needs at once; past it, finish or cancel some first. */
const MAX_OPEN_UPLOADS = 20;
const SWEEP_BATCH = 20;

/** Drops an upload: an open one with every byte it holds, a complete one only as a row. */
async function dropUpload(env: Env, db: Db, upload: UploadRow): Promise<void> {
  if (upload.state !== 'complete') await discardUploadBytes(env, upload);
  await deleteUpload(db, upload.id);
}

async function sweepExpiredUploads(env: Env, db: Db, userId: string, now: number): Promise<void> {
  for (const upload of await listExpiredUploadsOf(db, userId, now, SWEEP_BATCH)) await dropUpload(env, db, upload);
}

export async function openUpload(env: Env, db: Db, userId: string, body: CreateUpload, config: AppConfig): Promise<UploadRow> {
  if (body.size > config.MAX_DOCUMENT_BYTES) throw new ApiError(413, 'FILE_TOO_LARGE');
  const now = Date.now();
  await sweepExpiredUploads(env, db, userId, now);
  if ((await countOpenUploadsOf(db, userId)) >= MAX_OPEN_UPLOADS) {
    throw new ApiError(429, 'RATE_LIMITED', t('api.tooManyUploads'));
  }
  // The multipart upload goes straight to the stored document's key: a PDF needs no copy at the end.
  const fileId = crypto.randomUUID();
  const r2Key = documentKey(userId, fileId);
  const r2UploadId = await startMultipartUpload(env, r2Key, toR2HttpMetadata(documentHttpMetadata(body.name)));
  return insertUpload(db, {
    id: crypto.randomUUID(),
    userId,
    name: body.name,
    contentType: body.contentType,
    size: body.size,
    r2Key,
    r2UploadId,
    fileId,
    now,
    expiresAt: now + UPLOAD_IDLE_MS,
  });
}

/** The user's upload, open or complete; 404 when missing, someone else's, or abandoned (then removed). */
export async function findLiveUpload(env: Env, db: Db, userId: string, uploadId: string): Promise<UploadRow> {
  const upload = await findUploadOfUser(db, userId, uploadId);
  if (!upload) throw new ApiError(404, 'NOT_FOUND');
  if (upload.expiresAt < Date.now()) {
    await dropUpload(env, db, upload);
    throw new ApiError(404, 'NOT_FOUND');
  }
  return upload;
}

/** DELETE: an open upload is aborted and every byte removed; a complete one is no longer cancelable. */
export async function cancelUpload(env: Env, db: Db, upload: UploadRow): Promise<void> {
  if (upload.state !== 'open') throw new ApiError(404, 'NOT_FOUND');
  await dropUpload(env, db, upload);
}
