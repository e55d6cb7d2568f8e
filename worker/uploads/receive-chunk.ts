import { UPLOAD_PART_BYTES } from '../../src/common/uploads';
import { t } from '../../src/i18n/t';
import type { Db } from '../db/client';
import { advanceUpload, findUploadOfUser, rewindUpload, type UploadedPart } from '../db/queries/uploads';
import type { UploadRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { StreamPieces } from '../http/bytes';
import { deleteObjects } from '../storage/bucket';
import { checkChunk, partAt, UPLOAD_IDLE_MS } from './chunk-rules';
import { sendPart, stageChunk } from './staging';

// PUT /api/uploads/:id?offset=N: one chunk of a resumable upload. The bytes are kept in R2 before
// `received` moves, so whatever GET status answers is really held.

interface ChunkAnswer {
  accepted: boolean;
  received: number;
}

const PROBLEMS = {
  EMPTY: () => new ApiError(400, 'INVALID_INPUT', t('api.chunkEmpty')),
  PAST_END: () => new ApiError(413, 'PAYLOAD_TOO_LARGE', t('api.chunkPastEnd')),
  CROSSES_PART: () => new ApiError(400, 'INVALID_INPUT', t('api.chunkCrossesPart', { bytes: UPLOAD_PART_BYTES })),
} as const;

/** `accepted: false` (409 UPLOAD_OFFSET_MISMATCH) tells the client where the server really is. */
export async function receiveChunk(env: Env, db: Db, upload: UploadRow, offset: number, chunk: StreamPieces): Promise<ChunkAnswer> {
  if (upload.state !== 'open' || offset !== upload.received) return { accepted: false, received: upload.received };
  const problem = checkChunk(offset, chunk.byteLength, upload.size, UPLOAD_PART_BYTES);
  if (problem) throw PROBLEMS[problem]();

  const part = partAt(offset, upload.size, UPLOAD_PART_BYTES);
  const to = offset + chunk.byteLength;
  let sent: UploadedPart | null = null;
  let consumed: string[] = [];
  if (to === part.end) {
    const result = await sendPart(env, upload, part, offset, chunk);
    if (!result) {
      // Staged bytes of this part are gone: have the client send the part again from its start.
      await rewindUpload(db, upload.id, offset, part.start);
      return { accepted: false, received: part.start };
    }
    ({ part: sent, consumed } = result);
  } else {
    await stageChunk(env, upload, part, offset, chunk);
  }

  const now = Date.now();
  const advanced = await advanceUpload(db, upload, { from: offset, to, part: sent, now, expiresAt: now + UPLOAD_IDLE_MS });
  if (!advanced) {
    // Another request for this offset won; what we wrote is cleaned up with the upload.
    const current = await findUploadOfUser(db, upload.userId, upload.id);
    return { accepted: false, received: current?.received ?? upload.received };
  }
  await deleteObjects(env, consumed);
  return { accepted: true, received: to };
}
