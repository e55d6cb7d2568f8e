import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

// Second factors (decision 044): the authenticator app, the recovery codes, and the sign-ins that
// proved a first factor and wait for the second.

export const appFactors = sqliteTable('app_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The 160-bit TOTP secret sealed with SECOND_FACTOR_KEY (AES-GCM, worker/crypto/seal.ts).
  secretSealed: text('secret_sealed').notNull(),
  createdAt: integer('created_at').notNull(),
  // Null until a code from the app confirmed the set-up: only then does it count.
  confirmedAt: integer('confirmed_at'),
  // The last 30-second step a code was accepted for: that code, and older ones, never work again.
  lastUsedStep: integer('last_used_step'),
});

export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    // PBKDF2 of the code salted with the account id (worker/auth/second-factor.ts): the code itself is
    // shown once and never stored.
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const pendingSignIns = sqliteTable(
  'pending_sign_ins',
  {
    // SHA-256 (hex) of the token in the browser's pending cookie.
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The first factor already proved: password, google, email-link, or password-reset.
    method: text('method', { enum: ['password', 'google', 'email-link', 'password-reset'] }).notNull(),
    // A password reset's new password, set only once the second factor is proved too.
    newPasswordHash: text('new_password_hash'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('pending_sign_ins_user_idx').on(t.userId)],
);

export type AppFactorRow = typeof appFactors.$inferSelect;
export type PendingSignInRow = typeof pendingSignIns.$inferSelect;
