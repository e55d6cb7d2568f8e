import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

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

// Which user a sent fax belongs to (decision 023): the fax itself lives in that user's own store,
// and a carrier's news about it (which names our fax id) must find the store. Written when the
// send is accepted; gone with the account.
export const faxOwners = sqliteTable('fax_owners', {
  faxId: text('fax_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

// The carrier's id for each attempt of a sent fax, for news that names only that id.
export const carrierFaxIds = sqliteTable('carrier_fax_ids', {
  carrierFaxId: text('carrier_fax_id').primaryKey(),
  faxId: text('fax_id')
    .notNull()
    .references(() => faxOwners.faxId, { onDelete: 'cascade' }),
  attempt: integer('attempt').notNull(),
});

// Anonymised record of every fax for billing and audit, one row per fax: no longer written (decision
// 042); jobs/move-ledger.ts adds its rows into fax_ledger_periods and deletes them.
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

// The anonymised record for billing and audit (decision 010) since decision 042: totals per UTC
// month the faxes ended in, direction and status, added to by each user's store in batches. No fax
// id, user, number or document, so it survives account deletion; it grows with months, not faxes.
export const faxLedgerPeriods = sqliteTable(
  'fax_ledger_periods',
  {
    period: text('period').notNull(),
    direction: text('direction', { enum: FAX_DIRECTIONS }).notNull(),
    status: text('status', { enum: FAX_STATUSES }).notNull(),
    faxes: integer('faxes').notNull(),
    pages: integer('pages').notNull(),
    charged: integer('charged').notNull(),
    refunded: integer('refunded').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.direction, t.status] })],
);

// The last batch of ledger totals each user's store added (one row per user): a batch retried after
// an answer was lost is recognised and added once. Gone with the account.
export const faxLedgerBatches = sqliteTable('fax_ledger_batches', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  batch: integer('batch').notNull(),
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

export type FaxRow = typeof faxes.$inferSelect;
export type FaxAttemptRow = typeof faxAttempts.$inferSelect;
export type FaxEventRow = typeof faxEvents.$inferSelect;
