import { z } from 'zod';
import { coverPageSchema } from './cover-page';
import { faxIdValue } from './fax-id';

// The fax contract shared by the site and the Worker: statuses, failure reasons, the sendFax body
// and what the API answers about a fax.

export const FAX_DIRECTIONS = ['SEND', 'RECEIVE'] as const;
export type FaxDirection = (typeof FAX_DIRECTIONS)[number];

/**
 * A sent fax: QUEUED → SENDING → DELIVERED | FAILED; a received one: RECEIVING → RECEIVED | FAILED.
 * Never backwards (worker/domain/fax-status.ts).
 */
export const FAX_STATUSES = ['QUEUED', 'SENDING', 'DELIVERED', 'FAILED', 'RECEIVING', 'RECEIVED'] as const;
export type FaxStatus = (typeof FAX_STATUSES)[number];

/** Why a fax (or one attempt of it) failed, in our words; each carrier maps its own to these. */
export const FAX_FAILURE_REASONS = [
  'BUSY',
  'NO_ANSWER',
  'NOT_A_FAX_MACHINE',
  'INVALID_NUMBER',
  'LINE_DROPPED',
  'REJECTED',
  /** The carrier will not call this destination from our account (country, premium or unverified number). */
  'DESTINATION_NOT_ALLOWED',
  'DOCUMENT_UNREADABLE',
  'CARRIER_ERROR',
  /** Not a failure of the line: the user cancelled a scheduled fax before it started (refunded). */
  'CANCELLED',
] as const;
export type FaxFailureReason = (typeof FAX_FAILURE_REASONS)[number];

/** Kinds of entries in a fax's timeline. */
const FAX_EVENT_KINDS = ['QUEUED', 'SENDING', 'DELIVERED', 'FAILED', 'RETRY_SCHEDULED', 'REFUNDED', 'RECEIVING', 'RECEIVED'] as const;
export type FaxEventKind = (typeof FAX_EVENT_KINDS)[number];

/** One first try and up to 3 automatic retries (busy or no answer only). */
export const FAX_MAX_ATTEMPTS = 4;

/** History pages (spec §9): 30 first, then 20. */
export const FAX_FIRST_PAGE_SIZE = 30;
export const FAX_NEXT_PAGE_SIZE = 20;

export { DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_MAX_FAX_PAGES } from './fax-rules';

export const sendFaxSchema = z.object({
  // Any form a person types; the server turns it into E.164 or answers INVALID_FAX_NUMBER.
  toNumber: z.string().trim().min(1).max(40),
  fileId: z.string().uuid(),
  // false/null/absent: no cover page.
  coverpage: z.union([coverPageSchema, z.literal(false), z.null()]).optional(),
  // What the page showed; the server counts again and charges its own count.
  pageCount: z.number().int().min(1).max(10_000),
  anonymous: z.boolean().default(false),
  /** Send later: UTC ms, within MAX_SCHEDULE_DAYS (src/common/send-many.ts). Absent: at once. */
  sendAt: z.number().int().positive().optional(),
});
export type SendFaxBody = z.input<typeof sendFaxSchema>;

export const faxViewSchema = z.object({
  id: z.string(),
  direction: z.enum(FAX_DIRECTIONS),
  status: z.enum(FAX_STATUSES),
  /** E.164, or null for a withheld caller. */
  remoteNumber: z.string().nullable(),
  /** (212) 555-0123 for a US number. */
  remoteDisplay: z.string().nullable(),
  /** The other party's name in the user's phonebook, when the number is there. */
  contactName: z.string().nullable(),
  localNumber: z.string().nullable(),
  /** Pages transmitted, cover page included. */
  pageCount: z.number().int(),
  pagesSent: z.number().int(),
  fileName: z.string().nullable(),
  hasCoverPage: z.boolean(),
  anonymous: z.boolean(),
  attempt: z.number().int(),
  maxAttempts: z.number().int(),
  nextAttemptAt: z.number().nullable(),
  failureReason: z.enum(FAX_FAILURE_REASONS).nullable(),
  creditsCharged: z.number().int(),
  creditsRefunded: z.number().int(),
  start: z.number(),
  updated: z.number(),
  completed: z.number().nullable(),
  read: z.boolean(),
  /** When it was moved to the trash, or null while it is in the history. */
  trashedAt: z.number().nullable(),
  /** SEND: when a scheduled fax starts (UTC ms); null once it has started, or when sent at once. */
  sendAt: z.number().nullable(),
  /** SEND: the send to many numbers it is one of, or null. */
  broadcastId: z.string().nullable(),
  /** RECEIVE: the call broke off; the pages that arrived are kept (pageCount says how many). */
  partial: z.boolean(),
  /** RECEIVE: pages received beyond the receive credits left (the fax is kept whole anyway). */
  uncoveredPages: z.number().int(),
});
export type FaxView = z.infer<typeof faxViewSchema>;

export interface FaxEventView {
  at: number;
  attempt: number;
  kind: FaxEventKind;
  pagesSent: number | null;
  reason: FaxFailureReason | null;
}

export interface SendFaxResult {
  faxId: string;
  fax: FaxView;
}

export interface FaxListPage {
  faxes: FaxView[];
  /** Pass as `?cursor=` for the next page; null when there is none. */
  nextCursor: string | null;
  total: number;
}

export interface FaxDetails {
  fax: FaxView;
  timeline: FaxEventView[];
}

/** The send document (spec §3): the fax on its way now, the newest sent, and the lifetime count. */
export interface SendStatus {
  sendingFax: FaxView | null;
  lastSentEntry: FaxView | null;
  lifetimeSendCount: number;
}

/** The receive document (spec §3): faxes arriving right now, the newest received, the lifetime count. */
export interface ReceiveStatus {
  /** Keyed by fax id. */
  receivingFax: Record<string, { start: number; remoteDisplay: string | null; pagesReceived: number }>;
  lastReceivedEntry: FaxView | null;
  lifetimeReceiveCount: number;
}

/**
 * Counts the navigation and the lists show (spec §7): unread received faxes and totals, trash
 * excluded, and the sent faxes still waiting for the time they were scheduled for.
 */
export const faxCountsSchema = z.object({
  unreadReceived: z.number().int(),
  received: z.number().int(),
  sent: z.number().int(),
  scheduled: z.number().int(),
});
export type FaxCounts = z.infer<typeof faxCountsSchema>;

/**
 * The user's fax figures as they were right after a fax changed, pushed with it: the counts and the
 * lifetime totals of the send and receive documents, which no single fax row tells.
 */
export const faxTotalsSchema = z.object({
  counts: faxCountsSchema,
  lifetimeSendCount: z.number().int(),
  lifetimeReceiveCount: z.number().int(),
});
export type FaxTotals = z.infer<typeof faxTotalsSchema>;

const FAX_READ_STATUSES = ['read', 'unread'] as const;
export type FaxReadStatus = (typeof FAX_READ_STATUSES)[number];

/** POST /api/setFaxReadStatus (spec §7). */
export const setFaxReadStatusSchema = z.object({ faxId: faxIdValue, status: z.enum(FAX_READ_STATUSES) });

export interface SetFaxReadStatusResult {
  fax: FaxView;
  counts: FaxCounts;
}
