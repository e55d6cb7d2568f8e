import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

// API keys (decision 046): found by the key a caller presents, whoever owns it, so they are in D1;
// an account holds a few, so the table grows with users, never with faxes (decision 042).
export const apiKeys = sqliteTable(
  'api_keys',
  {
    // SHA-256 (hex) of the whole key: the key itself is shown once and never stored.
    id: text('id').primaryKey(),
    // What Settings and the revoke call name the key by (`key_` + 24 hex), never the hash.
    keyId: text('key_id').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    livemode: integer('livemode', { mode: 'boolean' }).notNull(),
    lastFour: text('last_four').notNull(),
    // JSON array of scopes (src/common/api-key-rules.ts).
    scopes: text('scopes').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at'),
    // Written at most once a minute (worker/api-keys/authenticate.ts).
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
