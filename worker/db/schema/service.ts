import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// The service's own tables: mail of the local outbox, abuse-limit counters, product options.

// Mail sent by the local outbox provider (development and tests), readable at /dev/outbox.
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    // What was attached, as JSON [{ filename, contentType, size }]: the bytes are not kept.
    attachments: text('attachments').notNull().default('[]'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

// Counters for abuse limits, one row per limit and key (e.g. login by IP): the hits of the window
// under way and of the one before it, from which the last window's length is estimated (decision 051).
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
  previousCount: integer('previous_count').notNull().default(0),
});

// Product options (spec §3): prices, trial, default credits… one JSON value per key.
export const options = sqliteTable('options', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export type OutboxRow = typeof outbox.$inferSelect;
