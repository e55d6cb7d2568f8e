import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { FAX_DIRECTIONS, FAX_STATUSES } from '../schema/faxes';

// The user's own store: the SQLite database of that user's Durable Object (docs/decisions/023).
// Everything here belongs to one user, so no table has a user id; the object is found by it.
// Changes run inside the object, one at a time, so a charge, a refund and a status change of the
// same user can never interleave. Migrations: npm run db:generate:store (never edit one applied).

// One row per fax, sent or received: the spec's send/receive documents and history entries.
// Status only moves forward (worker/domain/fax-status.ts).
export const storeFaxes = sqliteTable(
  'faxes',
  {
    id: text('id').primaryKey(),
    direction: text('direction', { enum: FAX_DIRECTIONS }).notNull(),
    status: text('status', { enum: FAX_STATUSES }).notNull(),
    // E.164. SEND: the recipient; RECEIVE: the caller (null when withheld).
    remoteNumber: text('remote_number'),
    // E.164 of our side: the number faxed from (SEND) or to (RECEIVE).
    localNumber: text('local_number'),
    // Pages transmitted, cover page included, and the most the carrier reported as sent.
    pageCount: integer('page_count').notNull(),
    pagesSent: integer('pages_sent').notNull().default(0),
    // The user's document (SEND) and the PDF actually transmitted or received (R2 keys).
    fileId: text('file_id'),
    fileName: text('file_name'),
    documentKey: text('document_key'),
    // Cover page fields as sent (JSON, src/common/cover-page.ts), or null.
    coverPage: text('cover_page'),
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(false),
    // Delivery attempts started so far and when the next one is due.
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
    // SEND: when a scheduled fax is to start (UTC ms); cleared when it starts. Null: at once.
    sendAt: integer('send_at'),
    // SEND: the send to many numbers this fax is one recipient of, or null.
    broadcastId: text('broadcast_id'),
    // RECEIVE: the call broke off and only the pages that arrived are kept.
    partial: integer('partial', { mode: 'boolean' }).notNull().default(false),
    // RECEIVE: pages beyond the receive credits left when it arrived (decision 018).
    uncoveredPages: integer('uncovered_pages').notNull().default(0),
    // False for a sandbox fax (decision 048): made with a `fx_test_` key, played by the simulated
    // network, charged nothing, seen only by test keys and never in the site's history or counts.
    livemode: integer('livemode', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    // History lists, newest first: keyset on (start, id) within a direction.
    index('faxes_list_idx').on(t.direction, t.trashedAt, t.start, t.id),
    // The trash, both directions together, newest first: the same keyset, over trashed faxes only.
    index('faxes_trash_idx').on(t.start, t.id).where(sql`${t.trashedAt} IS NOT NULL`),
    // The purge: trashed faxes by when they were trashed, oldest first.
    index('faxes_trashed_at_idx').on(t.trashedAt).where(sql`${t.trashedAt} IS NOT NULL`),
    // The send document's "on its way" (every page render): sent faxes not ended, newest first,
    // without walking the whole sent history. The query repeats this condition as written.
    index('faxes_on_its_way_idx').on(t.start, t.id).where(sql`direction = 'SEND' AND status IN ('QUEUED', 'SENDING')`),
    // Scheduled faxes by when they start, for the store's alarm.
    index('faxes_send_at_idx').on(t.sendAt).where(sql`${t.sendAt} IS NOT NULL`),
    // The faxes of one send to many numbers.
    index('faxes_broadcast_idx').on(t.broadcastId, t.remoteNumber).where(sql`${t.broadcastId} IS NOT NULL`),
    // Whether a fax still uses an uploaded document, before the document is deleted with a fax.
    index('faxes_file_idx').on(t.fileId).where(sql`${t.fileId} IS NOT NULL`),
    // History search (decision 027): a status filter, and a number filter (one number, or a contact's
    // numbers), seek straight to their faxes in the same order, and count them from the index
    // alone, instead of reading every fax of the history to find a few.
    index('faxes_status_idx').on(t.direction, t.trashedAt, t.status, t.start, t.id),
    index('faxes_number_idx').on(t.direction, t.trashedAt, t.remoteNumber, t.start, t.id),
    // The sandbox's faxes (decision 048), for its wipe; live faxes have no entry.
    index('faxes_sandbox_idx').on(t.start, t.id).where(sql`${t.livemode} = 0`),
  ],
);

// One row per delivery attempt and the carrier's id for it (the carrier id → user map is in D1).
export const storeFaxAttempts = sqliteTable(
  'fax_attempts',
  {
    faxId: text('fax_id')
      .notNull()
      .references(() => storeFaxes.id, { onDelete: 'cascade' }),
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
export const storeFaxEvents = sqliteTable(
  'fax_events',
  {
    id: text('id').primaryKey(),
    faxId: text('fax_id')
      .notNull()
      .references(() => storeFaxes.id, { onDelete: 'cascade' }),
    at: integer('at').notNull(),
    attempt: integer('attempt').notNull(),
    kind: text('kind').notNull(),
    pagesSent: integer('pages_sent'),
    reason: text('reason'),
  },
  (t) => [index('fax_events_fax_idx').on(t.faxId, t.at)],
);

export const CREDIT_KINDS = ['send', 'receive'] as const;

// The credit balance (spec faxCredits): one row per kind, in pages. Default credits come with the
// plan and are replaced each period; paid ones are bought and kept.
export const storeCredits = sqliteTable(
  'credits',
  {
    kind: text('kind', { enum: CREDIT_KINDS }).primaryKey(),
    defaultCredits: integer('default_credits').notNull().default(0),
    paidCredits: integer('paid_credits').notNull().default(0),
  },
  (t) => [check('credits_not_negative', sql`${t.defaultCredits} >= 0 AND ${t.paidCredits} >= 0`)],
);

export const CREDIT_MOVES = ['GRANT', 'EXPIRE', 'FAX_CHARGE', 'FAX_REFUND', 'MIGRATED'] as const;

// Every movement of credits, with the balance it left: the balance is always the sum of its moves.
export const storeCreditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    move: text('move', { enum: CREDIT_MOVES }).notNull(),
    faxId: text('fax_id'),
    defaultDelta: integer('default_delta').notNull(),
    paidDelta: integer('paid_delta').notNull(),
    defaultAfter: integer('default_after').notNull(),
    paidAfter: integer('paid_after').notNull(),
  },
  (t) => [index('credit_ledger_fax_idx').on(t.faxId)],
);

// The counts every page shows, kept up to date in the same transaction as the change they count
// (counting a long history on every render is what made pages slow): per direction, the faxes in
// the history and in the trash, the unread ones, and every fax there ever was (lifetime).
export const storeFaxCounters = sqliteTable('fax_counters', {
  direction: text('direction', { enum: FAX_DIRECTIONS }).primaryKey(),
  total: integer('total').notNull().default(0),
  unread: integer('unread').notNull().default(0),
  trashed: integer('trashed').notNull().default(0),
  lifetime: integer('lifetime').notNull().default(0),
});

export type StoreFaxRow = typeof storeFaxes.$inferSelect;
/** A fax of the user's store with its owner attached: what the fax features work on outside the store. */
export type UserFaxRow = StoreFaxRow & { userId: string };

// Facts about the store itself, one value per key: how far the one-time copy of the user's
// history out of D1 has got (docs/decisions/023).
export const storeFacts = sqliteTable('store_facts', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// The carrier's webhook deliveries this user's faxes have taken, recorded in the same transaction
// as the change each made, so a repeated delivery is refused and a change is never recorded
// without its delivery or the other way round (decision 023).
export const storeCarrierReceipts = sqliteTable(
  'carrier_receipts',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: integer('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// The phonebook: one row per contact, one contact per fax number (E.164). The sort and
// search keys are kept with the row (docs/decisions/026): the folded name the list is ordered and
// paged by, and the folded name, company and number digits a search looks in.
export const storeContacts = sqliteTable(
  'contacts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    faxNumber: text('fax_number').notNull().unique(),
    company: text('company').notNull().default(''),
    email: text('email').notNull().default(''),
    note: text('note').notNull().default(''),
    sortKey: text('sort_key').notNull(),
    searchText: text('search_text').notNull(),
    created: integer('created').notNull(),
    updated: integer('updated').notNull(),
  },
  (t) => [index('contacts_sort_idx').on(t.sortKey, t.id)],
);

export type StoreContactRow = typeof storeContacts.$inferSelect;

// The other parties' numbers of the history (the trash left out), per direction, with how many
// faxes each has there. Kept by triggers on `faxes` (migrations 0008, 0009; 0013 leaves sandbox faxes out), so no write path can
// forget it; a search by number looks through these few rows, not the whole history, and a search
// by number alone takes its total from them (decision 027).
export const storeRemoteNumbers = sqliteTable(
  'remote_numbers',
  {
    direction: text('direction', { enum: FAX_DIRECTIONS }).notNull(),
    number: text('number').notNull(),
    faxes: integer('faxes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.direction, t.number] })],
);

// A fax sent by e-mail (decision 028): who to tell how it ended, and that they were told. Written
// in the transaction that takes the fax, so a refused send leaves none; claimed once by the change
// that ends the fax (decision 042's amendment). Goes with the fax when it is deleted forever.
export const storeMailedFaxes = sqliteTable('mailed_faxes', {
  faxId: text('fax_id')
    .primaryKey()
    .references(() => storeFaxes.id, { onDelete: 'cascade' }),
  // The confirmed address the mail came from: the notices go back there.
  replyTo: text('reply_to').notNull(),
  // The mail's subject (bounded), so the notices name the fax the way its sender did.
  subject: text('subject').notNull(),
  created: integer('created').notNull(),
  // Set by the one change that told the sender how the fax ended.
  endMailedAt: integer('end_mailed_at'),
});

// Outgoing webhooks (decision 047): the endpoints the user's own software listens at, the events
// of the account kept 30 days (so a client that missed some catches up: GET /v1/events?after=…),
// one delivery per event and endpoint with where it stands, and a log row per attempt. All of it
// here, none in D1 (decision 042): it grows with faxes.
export const storeWebhookEndpoints = sqliteTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  // JSON array of event types (src/common/outgoing-webhooks.ts); never empty.
  events: text('events').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  // Why it was turned off by us rather than by the user ('failing'), or null.
  disabledReason: text('disabled_reason'),
  // The signing secret sealed (crypto/seal.ts), and the one it replaced while it still signs beside it.
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretUntil: integer('previous_secret_until'),
  // When the endpoint's current run of failed attempts began (null after any success).
  failingSince: integer('failing_since'),
  created: integer('created').notNull(),
  updated: integer('updated').notNull(),
});

export type StoreWebhookEndpointRow = typeof storeWebhookEndpoints.$inferSelect;

export const storeWebhookEvents = sqliteTable(
  'webhook_events',
  {
    // The order events happened in: the cursor of the events list.
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull().unique(),
    type: text('type').notNull(),
    // The JSON body every endpoint receives: { type, timestamp, livemode, data }.
    body: text('body').notNull(),
    created: integer('created').notNull(),
  },
  (t) => [index('webhook_events_created_idx').on(t.created)],
);

export type StoreWebhookEventRow = typeof storeWebhookEvents.$inferSelect;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'dead'] as const;

export const storeWebhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventSeq: integer('event_seq').notNull(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => storeWebhookEndpoints.id, { onDelete: 'cascade' }),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    // When the next attempt is due (pending only), and until when a drain holds it (in flight).
    nextAt: integer('next_at'),
    leaseUntil: integer('lease_until'),
    lastStatus: integer('last_status'),
    created: integer('created').notNull(),
    updated: integer('updated').notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.endpointId, t.state, t.eventSeq),
    index('webhook_deliveries_next_idx').on(t.nextAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_created_idx').on(t.created),
  ],
);

export type StoreWebhookDeliveryRow = typeof storeWebhookDeliveries.$inferSelect;

export const storeWebhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => storeWebhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id').notNull(),
    attempt: integer('attempt').notNull(),
    at: integer('at').notNull(),
    url: text('url').notNull(),
    // JSON object of the request headers sent, and the body.
    requestHeaders: text('request_headers').notNull(),
    requestBody: text('request_body').notNull(),
    // The answer: status (null when none came), its first bytes, how long it took; or why none came.
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    // Seconds until the next attempt this one scheduled, or null (succeeded, or the last).
    retryInSeconds: integer('retry_in_seconds'),
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.at),
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt),
  ],
);

export type StoreWebhookAttemptRow = typeof storeWebhookAttempts.$inferSelect;

// The public API's Idempotency-Key (decision 046): a POST that creates something, claimed under
// its API key and Idempotency-Key before it runs (the object runs one call at a time, so of two
// identical requests exactly one claims it), then its answer kept to be replayed for 24 hours. Pruned
// by the object's alarm.
export const storeIdempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    // `<api key id>:<Idempotency-Key>`: each API key has its own keys.
    id: text('id').primaryKey(),
    // SHA-256 (hex) of method, path and body: the same key with another request is refused.
    fingerprint: text('fingerprint').notNull(),
    created: integer('created').notNull(),
    // Null while the first request is in flight.
    status: integer('status'),
    // The answer as sent (JSON or a problem), replayed byte for byte.
    contentType: text('content_type'),
    body: text('body'),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.created)],
);

// Calls of the public API counted per API key in fixed windows (decision 046): exact, since the
// owner's object counts one call at a time. Old windows are pruned by the alarm.
export const storeApiCalls = sqliteTable(
  'api_calls',
  {
    keyId: text('key_id').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.windowStart] }), index('api_calls_window_idx').on(t.windowStart)],
);

export type StoreIdempotencyKeyRow = typeof storeIdempotencyKeys.$inferSelect;
