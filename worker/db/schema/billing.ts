import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

// Payments (spec transactions, orderHistory, invoices, trials; docs/decisions/017). Money is integer cents.

// One checkout of a plan: created by the /transaction page, moved on by the processor. A card that
// needs authentication leaves it `requires_action` until its challenge is answered.
export const CHECKOUT_STATES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;

export const checkouts = sqliteTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planLevel: text('plan_level', { enum: ['BASIC', 'PREMIUM', 'PRO'] }).notNull(),
    planTerm: text('plan_term', { enum: ['MONTH', 'YEAR'] }).notNull(),
    // Whether this checkout starts a trial (amount 0 now, the price at the trial's end).
    trial: integer('trial', { mode: 'boolean' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    processor: text('processor').notNull(),
    processorRef: text('processor_ref'),
    state: text('state', { enum: CHECKOUT_STATES }).notNull(),
    failureCode: text('failure_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('checkouts_user_idx').on(t.userId, t.createdAt)],
);

// Every movement of money or credits: charges, refunds, authorisation holds and their release,
// credit grants at each renewal.
export const transactions = sqliteTable(
  'transactions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // card_change: a new card checked for a plan (nothing taken); older rows have it as an authorization.
    kind: text('kind', { enum: ['charge', 'refund', 'authorization', 'authorization_release', 'credit_grant', 'card_change'] }).notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    description: text('description').notNull(),
    checkoutId: text('checkout_id'),
    processorRef: text('processor_ref'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('transactions_user_idx').on(t.userId, t.createdAt)],
);

export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Human-facing, e.g. FF-2026-000123; unique.
    number: text('number').notNull().unique(),
    transactionId: text('transaction_id').notNull(),
    planLevel: text('plan_level').notNull(),
    planTerm: text('plan_term').notNull(),
    amountCents: integer('amount_cents').notNull(),
    periodStart: integer('period_start').notNull(),
    periodEnd: integer('period_end').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.createdAt)],
);

// One trial per person, kept by e-mail digest so deleting the account and signing up again does
// not earn a second one (spec trials, pendingTrials).
export const trials = sqliteTable('trials', {
  emailDigest: text('email_digest').primaryKey(),
  startedAt: integer('started_at').notNull(),
});

export type CheckoutRow = typeof checkouts.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
