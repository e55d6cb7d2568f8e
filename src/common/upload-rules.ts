// The zod-free part of the documents-and-uploads contract: what the pages carry. The schemas stay in ./uploads.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

/** Spec §4: blobs up to this size go in one POST /api/files; larger ones use the resumable flow. */
export const ONE_SHOT_UPLOAD_MAX_BYTES = 256 * 1024;

/** Spec §9: the resumable flow's first chunk; each chunk that succeeds doubles the next one. */
export const RESUMABLE_CHUNK_BASE_BYTES = 256 * 1024;
/** Spec §9: chunks keep doubling only while below this. */
export const RESUMABLE_CHUNK_LIMIT_BYTES = 32 * 1024 * 1024;
