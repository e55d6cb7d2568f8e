import { RESUMABLE_CHUNK_BASE_BYTES, RESUMABLE_CHUNK_LIMIT_BYTES } from '../../common/upload-rules';

// Spec §9: the first chunk is 256 KB and each chunk that succeeds doubles the next while it stays
// below 32 MB; a failure starts again at 256 KB. The server adds one rule: a chunk never crosses a
// multiple of its part size (docs/decisions/013-resumable-uploads.md).

/** The size of the chunk after one of `current` bytes that succeeded or failed. */
export function nextChunkSize(current: number, succeeded: boolean): number {
  if (!succeeded) return RESUMABLE_CHUNK_BASE_BYTES;
  return current * 2 < RESUMABLE_CHUNK_LIMIT_BYTES ? current * 2 : current;
}

/** Where the chunk starting at `offset` ends (exclusive). */
export function chunkEnd(offset: number, total: number, partSize: number, chunkSize: number): number {
  const partEnd = (Math.floor(offset / partSize) + 1) * partSize;
  return Math.min(offset + chunkSize, partEnd, total);
}
