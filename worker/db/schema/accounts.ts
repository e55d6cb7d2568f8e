import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { API_KEY_CHANGES, FACTOR_CHANGES, SIGN_IN_METHODS } from '../../../src/common/sign-in-link-rules';

// Accounts: users, their sessions and sign-ins, single-use e-mail links, and account jobs.

const SUBSCRIPTION_TYPES = ['FREE', 'TRIAL', 'PAID'] as const;

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
  // When the owner of the e-mail was last proved to hold this account: Google vouched for it
  // (a Google sign-up or link), or a link mailed to it was opened (password reset, e-mail change).
  // Null: a password sign-up nobody has proved yet (pre-account takeover: decision 008's addendum).
  emailVerifiedAt: integer('email_verified_at'),
  // Marketing attribution (the browser's record, JSON; spec §3). First touch: the first record ever
  // stored, by new-user setup or a sync, never replaced. Last touch: the latest one synced.
  attribution: text('attribution'),
  lastTouchAttribution: text('last_touch_attribution'),
  // subscriptionDetails (spec §3); null until setup.
  subscriptionType: text('subscription_type', { enum: SUBSCRIPTION_TYPES }),
  subscriptionId: text('subscription_id'),
  merchantType: text('merchant_type'),
  // The current credit period (decision 023): its number goes up with every grant, renewal and
  // plan end, and the default credits below are that period's allowance. The balance itself is in
  // the user's own store, which takes a period it has not seen yet the next time it is asked.
  // (Before the move to the store, these four columns were the balance: the one-time copy reads
  // them as that.)
  creditPeriod: integer('credit_period').notNull().default(0),
  // faxCredits (spec §3): pages. Default credits come with the plan, paid ones are bought.
  defaultCreditsSend: integer('default_credits_send').notNull().default(0),
  paidCreditsSend: integer('paid_credits_send').notNull().default(0),
  defaultCreditsReceive: integer('default_credits_receive').notNull().default(0),
  paidCreditsReceive: integer('paid_credits_receive').notNull().default(0),
  // Set when account deletion starts: the account can no longer sign in.
  deletingAt: integer('deleting_at'),
  // The paying plan (null while FREE) and where its period stands (docs/decisions/017).
  planLevel: text('plan_level', { enum: ['BASIC', 'PREMIUM', 'PRO'] }),
  planTerm: text('plan_term', { enum: ['MONTH', 'YEAR'] }),
  trialEndsAt: integer('trial_ends_at'),
  currentPeriodEnd: integer('current_period_end'),
  // Set by cancelSubscription: the plan (and the number) last until currentPeriodEnd, then FREE.
  cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
  // Fax history document (spec §3): faxes ever sent and received, trash and deletion included.
  lifetimeSendCount: integer('lifetime_send_count').notNull().default(0),
  lifetimeReceiveCount: integer('lifetime_receive_count').notNull().default(0),
  // Whether a mail tells the user that a fax has arrived (settings; decision 018).
  mailOnFaxReceived: integer('mail_on_fax_received', { mode: 'boolean' }).notNull().default(true),
  // The funnel steps this account has been counted for (decision 040), one bit each
  // (src/common/funnel.ts), so a step counts once per account and D1 keeps no row per visitor.
  funnelSteps: integer('funnel_steps').notNull().default(0),
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
    // When this session last proved the account's second factor (decision 044): a sensitive change
    // asks for it again once this is older than 15 minutes. Null: never in this session.
    secondFactorAt: integer('second_factor_at'),
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
    // A sign-in method or a change to the second factor (src/common/sign-in-link-rules.ts).
    method: text('method', { enum: [...SIGN_IN_METHODS, ...FACTOR_CHANGES, ...API_KEY_CHANGES] }).notNull(),
    // A short description of the browser and system ("Chrome on Windows").
    device: text('device'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    country: text('country'),
  },
  (t) => [index('login_events_user_at_idx').on(t.userId, t.at)],
);

// Single-use links sent by e-mail (password recovery, confirming an e-mail address, signing in,
// confirming an address for received faxes).
// Only the SHA-256 of the token in the link is stored.
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password-reset', 'email-change', 'email-verify', 'sign-in-link', 'fax-mail-confirm'] }).notNull(),
    // The new address for an e-mail change; the same-site path to return to after a reset; the
    // address a confirmation or sign-in link was sent to; the fax_mail_addresses row a fax-mail link confirms.
    payload: text('payload'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type LoginEventRow = typeof loginEvents.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
