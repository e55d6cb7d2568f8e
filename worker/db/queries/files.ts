import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { type FileRow, files } from '../schema';

// Stored documents (spec §3 stored file metadata). A row is written only once its PDF is in R2,
// so a row always has bytes behind it.

export interface NewFile {
  id: string;
  userId: string;
  r2Key: string;
  name: string;
  size: number;
  contentType: string;
  md5Hash: string;
  pageCount: number;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  customMetadata: Record<string, string>;
  now: number;
}

export function fileValues(file: NewFile): typeof files.$inferInsert {
  const { now, customMetadata, ...fields } = file;
  return { ...fields, customMetadata: JSON.stringify(customMetadata), createdAt: now, updatedAt: now };
}

export async function insertFile(db: Db, file: NewFile): Promise<FileRow> {
  const [row] = await db.insert(files).values(fileValues(file)).returning();
  return row!;
}

/** The user's file, or null when there is none with this id or it belongs to someone else. */
export async function findFileOfUser(db: Db, userId: string, fileId: string): Promise<FileRow | null> {
  return (await db.query.files.findFirst({ where: and(eq(files.id, fileId), eq(files.userId, userId)) })) ?? null;
}

/** The R2 keys of the user's files by id (another user's ids are left out). */
export async function fileKeysOfUser(db: Db, userId: string, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ r2Key: files.r2Key })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, fileIds)));
  return rows.map((row) => row.r2Key);
}

/** Deletes the user's files by id, once their bytes are gone from R2 (another user's are left alone). */
export async function deleteFilesOfUser(db: Db, userId: string, fileIds: string[]): Promise<void> {
  if (fileIds.length > 0) await db.delete(files).where(and(eq(files.userId, userId), inArray(files.id, fileIds)));
}
