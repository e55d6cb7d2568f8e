import type { UploadedPart } from '../db/queries/uploads';
import type { UploadRow } from '../db/schema';
import type { StreamPieces } from '../http/bytes';
import { deleteObjects, listObjectKeys, multipartUpload, type PartPiece, uploadPartFrom, writeObjectFrom } from '../storage/bucket';
import { uploadChunkKey, uploadStagingPrefix } from '../storage/documents';
import { coverRange, type PartRange, type StagedPiece } from './chunk-rules';

// An upload's bytes in R2: small staged chunks under users/<id>/uploads/<uploadId>/<part>/<start>-<end>,
// and the R2 multipart upload at the key the stored document will have.

/** Keeps a chunk that does not end its part until the rest of the part arrives. */
export async function stageChunk(env: Env, upload: UploadRow, part: PartRange, offset: number, chunk: StreamPieces): Promise<void> {
  const key = uploadChunkKey(upload.userId, upload.id, part.partNumber, offset, offset + chunk.byteLength);
  await writeObjectFrom(env, key, chunk.pieces, chunk.byteLength);
}

async function listStagedPieces(env: Env, upload: UploadRow, partNumber: number): Promise<StagedPiece[]> {
  const prefix = `${uploadStagingPrefix(upload.userId, upload.id)}${partNumber}/`;
  return (await listObjectKeys(env, prefix)).flatMap((key) => {
    const match = /^(\d+)-(\d+)$/.exec(key.slice(prefix.length));
    return match ? [{ key, start: Number(match[1]), end: Number(match[2]) }] : [];
  });
}

interface SentPart {
  part: UploadedPart;
  /** Staged chunks now inside the part: delete them once the upload row has moved on. */
  consumed: string[];
}

/**
 * Sends part `part` to R2: the staged chunks before `offset` and `chunk`, which ends the part,
 * streamed into it (storage/bucket.ts). Null when staged bytes are missing (the caller rewinds the
 * upload to the part's start).
 */
export async function sendPart(
  env: Env,
  upload: UploadRow,
  part: PartRange,
  offset: number,
  chunk: StreamPieces,
): Promise<SentPart | null> {
  const pieces: PartPiece[] = [];
  let consumed: string[] = [];
  if (offset > part.start) {
    const staged = await listStagedPieces(env, upload, part.partNumber);
    const slices = coverRange(staged, part.start, offset);
    if (!slices) return null;
    for (const slice of slices) pieces.push({ key: slice.key, offset: slice.from, length: slice.to - slice.from });
    consumed = staged.map((p) => p.key);
  }
  pieces.push(...chunk.pieces);
  const multipart = multipartUpload(env, upload.r2Key, upload.r2UploadId);
  const uploaded = await uploadPartFrom(multipart, env, part.partNumber, pieces, part.end - part.start);
  if (!uploaded) return null;
  return { part: { partNumber: uploaded.partNumber, etag: uploaded.etag }, consumed };
}

/** Staged chunks left behind (e.g. by a request that lost a race), for the final clean-up. */
export async function listStagedKeys(env: Env, upload: UploadRow): Promise<string[]> {
  return listObjectKeys(env, uploadStagingPrefix(upload.userId, upload.id));
}

/**
 * Removes every byte an unfinished upload holds: its R2 multipart upload, its staged chunks and
 * any object already at its key (a completion that stopped half-way). Never call it for a
 * completed upload: its key is then a stored document.
 */
export async function discardUploadBytes(env: Env, upload: UploadRow): Promise<void> {
  try {
    await multipartUpload(env, upload.r2Key, upload.r2UploadId).abort();
  } catch {
    // Already completed or aborted: nothing left to abort, and the deletes below still run.
  }
  await deleteObjects(env, [...(await listStagedKeys(env, upload)), upload.r2Key]);
}
