import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';

// Times are epoch milliseconds (UTC) everywhere in the database.

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  // Stored lower-cased so uniqueness is case-insensitive.
  email: text('email').notNull().unique(),
  // Null for accounts that only sign in with Google.
  passwordHash: text('password_hash'),
  displayName: text('display_name'),
  createdAt: integer('created_at').notNull(),
  lastSignInAt: integer('last_sign_in_at').notNull(),
});

export const sessions = sqliteTable(
  'sessions',
  {
    // SHA-256 (hex) of the token the browser holds; the token itself is never stored.
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginEvents = sqliteTable(
  'login_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: integer('at').notNull(),
    method: text('method', { enum: ['password', 'google'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    country: text('country'),
  },
  (t) => [index('login_events_user_at_idx').on(t.userId, t.at)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type LoginEventRow = typeof loginEvents.$inferSelect;
