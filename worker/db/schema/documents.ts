import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

// Stored documents (spec §3 stored file metadata). R2 holds the bytes under the owner's prefix; a
// document is always a PDF by the time it is stored (images become PDF pages on upload).
export const files = sqliteTable(
  'files',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // `fullPath`: the R2 key, built on the server (users/<id>/documents/<fileId>).
    r2Key: text('r2_key').notNull().unique(),
    // `name`: what the user called the file.
    name: text('name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    md5Hash: text('md5_hash').notNull(),
    pageCount: integer('page_count').notNull(),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    // JSON object of strings (e.g. the original type of a converted image).
    customMetadata: text('custom_metadata'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('files_user_idx').on(t.userId, t.createdAt)],
);

// Resumable uploads in progress (spec §4, §9): bytes go to an R2 multipart upload; see
// docs/decisions/013-resumable-uploads.md.
const UPLOAD_STATES = ['open', 'complete', 'aborted'] as const;

export const uploads = sqliteTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // What the client declared; checked against the bytes at completion.
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    r2Key: text('r2_key').notNull(),
    r2UploadId: text('r2_upload_id').notNull(),
    // Bytes the server holds, contiguous from 0.
    received: integer('received').notNull().default(0),
    // JSON array of {partNumber, etag} for the parts R2 has.
    parts: text('parts').notNull().default('[]'),
    state: text('state', { enum: UPLOAD_STATES }).notNull(),
    fileId: text('file_id'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

export type FileRow = typeof files.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
