import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';

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

// Fax numbers (spec numberPool, numbersHold, numbersInUse, reserved number; docs/decisions/012): one row
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
export const UPLOAD_STATES = ['open', 'complete', 'aborted'] as const;

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

// One row per fax, sent or received (spec send/receive documents, history entries,
// masterFaxRecords; docs/decisions/014). Status only moves forward: see worker/domain/fax-status.ts.
export const FAX_DIRECTIONS = ['SEND', 'RECEIVE'] as const;
export const FAX_STATUSES = ['QUEUED', 'SENDING', 'DELIVERED', 'FAILED', 'RECEIVING', 'RECEIVED'] as const;

export const faxes = sqliteTable(
  'faxes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: FAX_DIRECTIONS }).notNull(),
    status: text('status', { enum: FAX_STATUSES }).notNull(),
    // E.164. For SEND: the recipient; for RECEIVE: the caller (null when withheld).
    remoteNumber: text('remote_number'),
    // E.164 of our side: the number faxed from (SEND) or to (RECEIVE).
    localNumber: text('local_number'),
    // Pages transmitted, cover page included.
    pageCount: integer('page_count').notNull(),
    // Highest page count the carrier reported as sent (never goes down).
    pagesSent: integer('pages_sent').notNull().default(0),
    // The user's document (SEND) and the PDF actually transmitted or received.
    fileId: text('file_id'),
    fileName: text('file_name'),
    documentKey: text('document_key'),
    // Cover page fields as sent (JSON, src/common/cover-page.ts), or null.
    coverPage: text('cover_page'),
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(false),
    // Delivery attempts started so far (fax_attempts) and when the next one is due.
    attempt: integer('attempt').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at'),
    failureReason: text('failure_reason'),
    // Credits taken when the fax was accepted (default bucket first, then paid) and given back.
    chargedDefault: integer('charged_default').notNull().default(0),
    chargedPaid: integer('charged_paid').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    start: integer('start').notNull(),
    updated: integer('updated').notNull(),
    completed: integer('completed'),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    trashedAt: integer('trashed_at'),
    // RECEIVE: the call broke off and only the pages that arrived are kept.
    partial: integer('partial', { mode: 'boolean' }).notNull().default(false),
    // RECEIVE: pages beyond the receive credits left when it arrived (decision 018).
    uncoveredPages: integer('uncovered_pages').notNull().default(0),
  },
  (t) => [
    // Lists: per user and direction, trash or not, newest first, keyset on (start, id).
    index('faxes_list_idx').on(t.userId, t.direction, t.trashedAt, t.start, t.id),
    // The unread count in the navigation (spec §7).
    index('faxes_unread_idx').on(t.userId, t.direction, t.read, t.trashedAt),
  ],
);

// One row per delivery attempt: the carrier's id for it and how far it got. Carrier events find
// their attempt here, so a late event for an earlier attempt still lands on the right row.
export const faxAttempts = sqliteTable(
  'fax_attempts',
  {
    faxId: text('fax_id')
      .notNull()
      .references(() => faxes.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    carrier: text('carrier').notNull(),
    carrierFaxId: text('carrier_fax_id').unique(),
    status: text('status', { enum: FAX_STATUSES }).notNull(),
    pagesSent: integer('pages_sent').notNull().default(0),
    failureReason: text('failure_reason'),
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at'),
  },
  (t) => [primaryKey({ columns: [t.faxId, t.attempt] })],
);

// Each attempt of each fax and what the carrier said about it, in order: the details timeline.
export const faxEvents = sqliteTable(
  'fax_events',
  {
    id: text('id').primaryKey(),
    faxId: text('fax_id')
      .notNull()
      .references(() => faxes.id, { onDelete: 'cascade' }),
    at: integer('at').notNull(),
    attempt: integer('attempt').notNull(),
    // QUEUED, SENDING, DELIVERED, FAILED, RETRY_SCHEDULED, REFUNDED, RECEIVED…
    kind: text('kind').notNull(),
    pagesSent: integer('pages_sent'),
    reason: text('reason'),
  },
  (t) => [index('fax_events_fax_idx').on(t.faxId, t.at)],
);

// Anonymised record of every fax for billing and audit: no user id, no numbers, no document.
// Survives account deletion (docs/decisions/010).
export const faxLedger = sqliteTable('fax_ledger', {
  faxId: text('fax_id').primaryKey(),
  direction: text('direction', { enum: FAX_DIRECTIONS }).notNull(),
  pageCount: integer('page_count').notNull(),
  charged: integer('charged').notNull(),
  refunded: integer('refunded').notNull().default(0),
  status: text('status', { enum: FAX_STATUSES }).notNull(),
  createdAt: integer('created_at').notNull(),
  completedAt: integer('completed_at'),
});

// Webhook deliveries already handled (docs/decisions/014): a repeated delivery changes nothing.
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: integer('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

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
    kind: text('kind', { enum: ['charge', 'refund', 'authorization', 'authorization_release', 'credit_grant'] }).notNull(),
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
export type FileRow = typeof files.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type FaxRow = typeof faxes.$inferSelect;
export type FaxAttemptRow = typeof faxAttempts.$inferSelect;
export type FaxEventRow = typeof faxEvents.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type FaxNumberRow = typeof faxNumbers.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type LoginEventRow = typeof loginEvents.$inferSelect;

// Inbound faxes a carrier announced (its signed `fax.received` webhook, or the loopback network
// delivering to a number of this instance), kept until the receiving path turns them into RECEIVE
// faxes: `handled_at` is set then. One row per carrier event; a repeated delivery changes nothing.
export const carrierInboundEvents = sqliteTable(
  'carrier_inbound_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    carrierFaxId: text('carrier_fax_id').notNull(),
    // E.164; null when the caller withheld their number.
    fromNumber: text('from_number'),
    toNumber: text('to_number').notNull(),
    pageCount: integer('page_count').notNull(),
    // Where the PDF is: the carrier's short-lived URL, or an R2 key (loopback).
    mediaUrl: text('media_url'),
    mediaKey: text('media_key'),
    occurredAt: integer('occurred_at').notNull(),
    receivedAt: integer('received_at').notNull(),
    handledAt: integer('handled_at'),
    // How it was handled: the fax it made, or why none (e.g. NO_OWNER: the number is nobody's).
    faxId: text('fax_id'),
    outcome: text('outcome'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('carrier_inbound_pending_idx').on(t.handledAt, t.receivedAt)],
);

export type CarrierInboundEventRow = typeof carrierInboundEvents.$inferSelect;
