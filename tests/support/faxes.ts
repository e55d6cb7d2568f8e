import { env } from 'cloudflare:workers';
import type { CoverPageInput } from '../../src/common/cover-page';
import { coverPageSchema } from '../../src/common/cover-page';
import type { FaxEventKind, FaxFailureReason, FaxStatus } from '../../src/common/faxes';
import { newFaxId } from '../../worker/crypto/fax-id';
import type { LedgerEntry } from '../../worker/domain/ledger-totals';
import { enqueueFaxJob } from '../../worker/queues/fax-messages';
import { storedDocument } from './documents';
import { requireOwner, setStoreBalance, storeBalance, storeSql } from './user-store';
import { waitFor } from './wait';

// Sent faxes made straight in the owner's store and R2, as POST /api/sendFax leaves them (charged,
// QUEUED, attempt 0, a QUEUED timeline entry, counted), and the rows the lifecycle writes, to check it.

export interface SendFaxFields {
  /** Pages of the uploaded document (the fax has one more with a cover page). */
  documentPages?: number;
  cover?: CoverPageInput | null;
  toNumber?: string;
  anonymous?: boolean;
  /** Credits taken from each bucket; default: every page from default credits. */
  chargedDefault?: number;
  chargedPaid?: number;
  /** The stored document's bytes; default: a PDF of `documentPages` pages. */
  documentBytes?: Uint8Array;
  /** A fax made before decision 042: a UUID whose owner only D1's fax_owners knows. */
  legacyId?: boolean;
}

export const SAMPLE_COVER: CoverPageInput = {
  toName: 'Grace Hopper',
  subject: 'Test fax',
  message: 'Sent by the carrier tests.',
  localDateOptions: { hours: 10, minutes: 30, month: 6, date: 1, year: 2026, iso: '2026-06-01T10:30:00-04:00' },
};

/** A SEND fax accepted and charged but not yet dispatched, with its document in R2. */
export async function insertSendFax(
  userId: string,
  fields: SendFaxFields = {},
): Promise<{ faxId: string; fileId: string; pageCount: number }> {
  const documentPages = fields.documentPages ?? 2;
  const cover = fields.cover === undefined ? null : fields.cover;
  const pageCount = documentPages + (cover ? 1 : 0);
  const chargedDefault = fields.chargedDefault ?? (fields.chargedPaid === undefined ? pageCount : pageCount - fields.chargedPaid);
  const chargedPaid = fields.chargedPaid ?? 0;
  const fileId = await storedDocument(userId, documentPages, { bytes: fields.documentBytes, name: 'letter.pdf' });
  const faxId = fields.legacyId ? crypto.randomUUID() : await newFaxId(env.FAX_ID_SECRET, userId);
  const now = Date.now();
  const coverJson = cover ? JSON.stringify(coverPageSchema.parse(cover)) : null;
  if (fields.legacyId) await env.DB.prepare('INSERT INTO fax_owners (fax_id, user_id) VALUES (?, ?)').bind(faxId, userId).run();
  await storeSql(
    userId,
    `INSERT INTO faxes (id, direction, status, remote_number, page_count, file_id, file_name, cover_page, anonymous,
       charged_default, charged_paid, start, updated, read)
     VALUES (?, 'SEND', 'QUEUED', ?, ?, ?, 'letter.pdf', ?, ?, ?, ?, ?, ?, 1)`,
    faxId,
    fields.toNumber ?? '+12125550123',
    pageCount,
    fileId,
    coverJson,
    fields.anonymous ? 1 : 0,
    chargedDefault,
    chargedPaid,
    now,
    now,
  );
  await storeSql(
    userId,
    `INSERT INTO fax_events (id, fax_id, at, attempt, kind) VALUES (?, ?, ?, 0, 'QUEUED')`,
    crypto.randomUUID(),
    faxId,
    now,
  );
  await storeSql(userId, 'UPDATE fax_counters SET total = total + 1, lifetime = lifetime + 1 WHERE direction = ?', 'SEND');
  await storeSql(userId, "INSERT OR IGNORE INTO fax_counters (direction, total, lifetime) VALUES ('SEND', 1, 1)");
  return { faxId, fileId, pageCount };
}

/** Sets a user's send credits (in their store). */
export async function setSendCredits(userId: string, defaultCredits: number, paidCredits: number): Promise<void> {
  await setStoreBalance(userId, 'send', defaultCredits, paidCredits);
}

export function sendCreditsOf(userId: string): Promise<{ default: number; paid: number }> {
  return storeBalance(userId, 'send');
}

export interface FaxRowRaw {
  id: string;
  user_id: string;
  status: FaxStatus;
  local_number: string | null;
  page_count: number;
  pages_sent: number;
  document_key: string | null;
  attempt: number;
  next_attempt_at: number | null;
  failure_reason: FaxFailureReason | null;
  charged_default: number;
  charged_paid: number;
  refunded: number;
  updated: number;
  completed: number | null;
}

/** The fax as its owner's store holds it (the owner read from its id unless given). */
export async function faxRow(faxId: string, userId?: string): Promise<FaxRowRaw> {
  const owner = await requireOwner(faxId, userId);
  const [row] = await storeSql<Omit<FaxRowRaw, 'user_id'>>(owner, 'SELECT * FROM faxes WHERE id = ?', faxId);
  if (!row) throw new Error(`no faxes row ${faxId}`);
  return { ...row, user_id: owner };
}

export interface AttemptRowRaw {
  attempt: number;
  carrier: string;
  carrier_fax_id: string | null;
  status: FaxStatus;
  pages_sent: number;
  failure_reason: FaxFailureReason | null;
  ended_at: number | null;
}

export async function attemptRows(faxId: string, userId?: string): Promise<AttemptRowRaw[]> {
  return storeSql<AttemptRowRaw>(await requireOwner(faxId, userId), 'SELECT * FROM fax_attempts WHERE fax_id = ? ORDER BY attempt', faxId);
}

export interface TimelineRowRaw {
  attempt: number;
  kind: FaxEventKind;
  pages_sent: number | null;
  reason: FaxFailureReason | null;
}

export async function timelineOf(faxId: string, userId?: string): Promise<TimelineRowRaw[]> {
  return storeSql<TimelineRowRaw>(
    await requireOwner(faxId, userId),
    'SELECT attempt, kind, pages_sent, reason FROM fax_events WHERE fax_id = ? ORDER BY at, rowid',
    faxId,
  );
}

/**
 * What the fax adds to the anonymised ledger (decision 042), as its owner's store noted it when the
 * fax ended; null before it ended, and once the store's alarm has added it to D1's totals.
 */
export async function findLedgerRow(faxId: string, userId?: string): Promise<LedgerEntry | null> {
  const [row] = await storeSql<{ value: string }>(
    await requireOwner(faxId, userId),
    'SELECT value FROM store_facts WHERE key = ?',
    `ledger.pending:${faxId}`,
  );
  return row ? (JSON.parse(row.value) as LedgerEntry) : null;
}

export async function ledgerRow(faxId: string, userId?: string): Promise<LedgerEntry> {
  const row = await findLedgerRow(faxId, userId);
  if (!row) throw new Error(`no ledger entry for ${faxId}`);
  return row;
}

/** D1's anonymised totals for one period, direction and status (zeros when none). */
export async function ledgerTotals(
  period: string,
  direction: 'SEND' | 'RECEIVE',
  status: FaxStatus,
): Promise<{ faxes: number; pages: number; charged: number; refunded: number }> {
  const row = await env.DB.prepare(
    'SELECT faxes, pages, charged, refunded FROM fax_ledger_periods WHERE period = ? AND direction = ? AND status = ?',
  )
    .bind(period, direction, status)
    .first<{ faxes: number; pages: number; charged: number; refunded: number }>();
  return row ?? { faxes: 0, pages: 0, charged: 0, refunded: 0 };
}

/** Queues the first dispatch of a fax, as sendFax does. */
export function dispatchFirstAttempt(faxId: string): Promise<void> {
  return enqueueFaxJob(env, { kind: 'fax.dispatch', faxId, attempt: 1 });
}

/** Waits until the fax is DELIVERED or FAILED (retries included) and answers its row. */
export function waitForFaxDone(faxId: string, timeoutMs = 45_000): Promise<FaxRowRaw> {
  return waitFor(
    async () => {
      const row = await faxRow(faxId);
      return row.status === 'DELIVERED' || row.status === 'FAILED' ? row : null;
    },
    { timeoutMs, intervalMs: 50, what: `fax ${faxId} to finish` },
  );
}

/** Gives a user an assigned fax number of the local pool; answers it. */
export async function assignNumberTo(userId: string): Promise<string> {
  const row = await env.DB.prepare(
    "UPDATE fax_numbers SET state = 'ASSIGNED', owner_user_id = ?, assigned_at = ? WHERE id = (SELECT id FROM fax_numbers WHERE state = 'AVAILABLE' LIMIT 1) RETURNING number",
  )
    .bind(userId, Date.now())
    .first<{ number: string }>();
  if (!row) throw new Error('the local pool has no free number');
  return row.number;
}
