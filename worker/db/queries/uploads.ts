import { and, count, eq, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { type FileRow, files, type UploadRow, uploads } from '../schema';
import { fileValues, type NewFile } from './files';

// Resumable uploads in progress (docs/decisions/013-resumable-uploads.md). `received` only moves
// by a conditional UPDATE from the offset the chunk was sent at, so two requests racing for the
// same offset can never both count.

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

interface NewUpload {
  id: string;
  userId: string;
  name: string;
  contentType: string;
  size: number;
  r2Key: string;
  r2UploadId: string;
  /** The id the stored file will have; its R2 key is the multipart upload's key. */
  fileId: string;
  now: number;
  expiresAt: number;
}

export async function insertUpload(db: Db, upload: NewUpload): Promise<UploadRow> {
  const { now, ...fields } = upload;
  const [row] = await db
    .insert(uploads)
    .values({ ...fields, received: 0, parts: '[]', state: 'open', createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** The user's upload, or null when there is none with this id or it belongs to someone else. */
export async function findUploadOfUser(db: Db, userId: string, uploadId: string): Promise<UploadRow | null> {
  return (await db.query.uploads.findFirst({ where: and(eq(uploads.id, uploadId), eq(uploads.userId, userId)) })) ?? null;
}

export async function countOpenUploadsOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.state, 'open')));
  return row?.open ?? 0;
}

/** Uploads of the user nobody has touched since `expiresAt`, open or complete. */
export async function listExpiredUploadsOf(db: Db, userId: string, now: number, limit: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), lt(uploads.expiresAt, now)))
    .limit(limit);
}

export function partsOf(upload: UploadRow): UploadedPart[] {
  return JSON.parse(upload.parts) as UploadedPart[];
}

export interface UploadProgress {
  /** The offset the chunk was sent at: the update happens only if the row still says so. */
  from: number;
  to: number;
  /** Set when the chunk completed an R2 part. */
  part: UploadedPart | null;
  now: number;
  expiresAt: number;
}

/** The upload moved on to `to`, or null when another request moved it first (or it is no longer open). */
export async function advanceUpload(db: Db, upload: UploadRow, progress: UploadProgress): Promise<UploadRow | null> {
  const parts = progress.part ? [...partsOf(upload), progress.part] : partsOf(upload);
  const rows = await db
    .update(uploads)
    .set({ received: progress.to, parts: JSON.stringify(parts), updatedAt: progress.now, expiresAt: progress.expiresAt })
    .where(and(eq(uploads.id, upload.id), eq(uploads.state, 'open'), eq(uploads.received, progress.from)))
    .returning();
  return rows[0] ?? null;
}

/** Moves `received` back to `to` (the staged bytes of a part were lost; the client resends them). */
export async function rewindUpload(db: Db, uploadId: string, from: number, to: number): Promise<void> {
  await db
    .update(uploads)
    .set({ received: to })
    .where(and(eq(uploads.id, uploadId), eq(uploads.state, 'open'), eq(uploads.received, from)));
}

/**
 * Records the stored file and closes the upload in one batch: an upload is never left open with a
 * file behind its key, nor closed without one.
 */
export async function finishUpload(db: Db, uploadId: string, file: NewFile): Promise<FileRow> {
  const [inserted] = await db.batch([
    db.insert(files).values(fileValues(file)).returning(),
    db.update(uploads).set({ state: 'complete', updatedAt: file.now }).where(eq(uploads.id, uploadId)),
  ]);
  return inserted[0]!;
}

export async function deleteUpload(db: Db, uploadId: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, uploadId));
}
