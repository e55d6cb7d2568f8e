import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';

// Times are epoch milliseconds (UTC) everywhere in the database.

export const SUBSCRIPTION_TYPES = ['FREE', 'TRIAL', 'PAID'] as const;

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  // Stored lower-cased so uniqueness is case-insensitive.
  email: text('email').notNull().unique(),
  // Null for accounts that only sign in with Google.
  passwordHash: text('password_hash'),
  // Google's stable account id (`sub`), once the account has signed in with Google.
  googleSubject: text('google_subject').unique(),
  displayName: text('display_name'),
  // E.164, e.g. +12125550123.
  personalPhone: text('personal_phone'),
  // Where the user is in onboarding (spec §7 updateUserSetup).
  setup: text('setup'),
  createdAt: integer('created_at').notNull(),
  lastSignInAt: integer('last_sign_in_at').notNull(),
  // Set once by setupNewUser; null until then.
  setupCompletedAt: integer('setup_completed_at'),
  // Marketing attribution collected on the first visit (JSON), stored at setup.
  attribution: text('attribution'),
  // subscriptionDetails (spec §3); null until setup.
  subscriptionType: text('subscription_type', { enum: SUBSCRIPTION_TYPES }),
  subscriptionId: text('subscription_id'),
  merchantType: text('merchant_type'),
  // faxCredits (spec §3): pages. Default credits come with the plan, paid ones are bought.
  defaultCreditsSend: integer('default_credits_send').notNull().default(0),
  paidCreditsSend: integer('paid_credits_send').notNull().default(0),
  defaultCreditsReceive: integer('default_credits_receive').notNull().default(0),
  paidCreditsReceive: integer('paid_credits_receive').notNull().default(0),
  // Set when account deletion starts: the account can no longer sign in.
  deletingAt: integer('deleting_at'),
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
    // A short description of the browser and system ("Chrome on Windows").
    device: text('device'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    country: text('country'),
  },
  (t) => [index('login_events_user_at_idx').on(t.userId, t.at)],
);

// Single-use links sent by e-mail (password recovery, confirming a new e-mail address). Only the
// SHA-256 of the token in the link is stored.
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password-reset', 'email-change'] }).notNull(),
    // The new address for an e-mail change; the same-site path to return to after a reset.
    payload: text('payload'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

// Mail sent by the local outbox provider (development and tests), readable at /dev/outbox.
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

// Fixed-window counters for abuse limits, one row per limit and key (e.g. login by IP).
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

// User-management jobs (spec §3), e.g. account deletion. No foreign key: a deletion job outlives
// the user it deletes, so its page can show completion.
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['account-delete'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    // 0..100
    progress: integer('progress').notNull().default(0),
    step: text('step'),
    error: text('error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('jobs_user_idx').on(t.userId)],
);

// Product options (spec §3): prices, trial, default credits… one JSON value per key.
export const options = sqliteTable('options', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// Fax numbers (spec numberPool, numbersHold, numbersInUse, reserved number; design.md §7): one row
// per number. A hold belongs to a holder key: `user:<id>`, or `visitor:<digest>` for a signed-out
// visitor. An expired hold counts as available; every claim is one conditional UPDATE.
export const NUMBER_STATES = ['AVAILABLE', 'HELD', 'ASSIGNED'] as const;

export const faxNumbers = sqliteTable(
  'fax_numbers',
  {
    id: text('id').primaryKey(),
    // E.164, e.g. +12125550123.
    number: text('number').notNull().unique(),
    areaCode: text('area_code').notNull(),
    city: text('city').notNull(),
    region: text('region').notNull(),
    state: text('state', { enum: NUMBER_STATES }).notNull(),
    holderKey: text('holder_key'),
    holdExpiresAt: integer('hold_expires_at'),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: integer('assigned_at'),
  },
  (t) => [index('fax_numbers_search_idx').on(t.state, t.areaCode), index('fax_numbers_holder_idx').on(t.holderKey)],
);

export type UserRow = typeof users.$inferSelect;
export type FaxNumberRow = typeof faxNumbers.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type LoginEventRow = typeof loginEvents.$inferSelect;
