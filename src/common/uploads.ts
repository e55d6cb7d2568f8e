import { z } from 'zod';

// The documents-and-uploads contract shared by the browser's upload client and the Worker
// (docs/decisions/013-resumable-uploads.md, docs/api.md "Documents and uploads").

export { ONE_SHOT_UPLOAD_MAX_BYTES, RESUMABLE_CHUNK_BASE_BYTES, RESUMABLE_CHUNK_LIMIT_BYTES } from './upload-rules';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** What the user called the file: shown back to them, never used to build a storage key. */
export const fileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((name) => !CONTROL_CHARACTERS.test(name), 'must not contain control characters');

export const createUploadSchema = z.object({
  name: fileNameSchema,
  // What the browser says the file is; only the bytes decide (checked at completion).
  contentType: z.string().trim().max(255).default('application/octet-stream'),
  size: z.number().int().min(1),
});
export type CreateUpload = z.output<typeof createUploadSchema>;

export const uploadParamSchema = z.object({ uploadId: z.uuid() });
export const fileParamSchema = z.object({ fileId: z.uuid() });

// A plain decimal: z.coerce would read `?offset=` as 0.
export const uploadOffsetQuerySchema = z.object({
  offset: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

const UPLOAD_VIEW_STATES = ['open', 'complete'] as const;

/** GET /api/uploads/:uploadId — what the server holds, so a client can continue after a drop. */
export const uploadStatusSchema = z.object({
  uploadId: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** Bytes the server holds, contiguous from 0: the offset of the next chunk. */
  received: z.number().int(),
  /** Chunks must not cross a multiple of this (docs/decisions/013-resumable-uploads.md). */
  partSize: z.number().int(),
  state: z.enum(UPLOAD_VIEW_STATES),
  /** The stored file once the upload is complete. */
  fileId: z.string().nullable(),
  expiresAt: z.number(),
});
export type UploadStatusView = z.infer<typeof uploadStatusSchema>;

/** What the send page needs of a stored document. */
export const uploadedFileSchema = z.object({
  fileId: z.string(),
  pageCount: z.number().int(),
  size: z.number().int(),
  contentType: z.string(),
  name: z.string(),
});

/** Spec §3 stored file metadata, plus our id and page count. Times are ISO 8601. */
export interface StoredFileView {
  fileId: string;
  bucket: string;
  name: string;
  fullPath: string;
  size: number;
  /** Always application/pdf: images become PDF pages on upload. */
  contentType: string;
  timeCreated: string;
  updated: string;
  /** Hex MD5 of the stored bytes. */
  md5Hash: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  /** e.g. { originalContentType: 'image/png' } for a converted image. */
  customMetadata: Record<string, string>;
  pageCount: number;
}

/** Each R2 part of a resumable upload but the last is exactly this long (R2's minimum is 5 MiB); uploadStatus answers it as partSize. */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
