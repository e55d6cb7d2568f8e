import { env } from 'cloudflare:workers';
import type { CoverPageInput } from '../../src/common/cover-page';
import { coverPageSchema } from '../../src/common/cover-page';
import type { FaxEventKind, FaxFailureReason, FaxStatus } from '../../src/common/faxes';
import { enqueueFaxJob } from '../../worker/queues/fax-messages';
import { storedDocument } from './documents';
import { waitFor } from './wait';

// Sent faxes made straight in D1 and R2, as POST /api/sendFax leaves them (charged, QUEUED, attempt
// 0, a QUEUED timeline entry and a ledger row), and the rows the lifecycle writes, to check it.

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
  const faxId = crypto.randomUUID();
  const now = Date.now();
  const coverJson = cover ? JSON.stringify(coverPageSchema.parse(cover)) : null;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO faxes (id, user_id, direction, status, remote_number, page_count, file_id, file_name, cover_page, anonymous,
         charged_default, charged_paid, start, updated, read)
       VALUES (?, ?, 'SEND', 'QUEUED', ?, ?, ?, 'letter.pdf', ?, ?, ?, ?, ?, ?, 1)`,
    ).bind(
      faxId,
      userId,
      fields.toNumber ?? '+12125550123',
      pageCount,
      fileId,
      coverJson,
      fields.anonymous ? 1 : 0,
      chargedDefault,
      chargedPaid,
      now,
      now,
    ),
    env.DB.prepare(`INSERT INTO fax_events (id, fax_id, at, attempt, kind) VALUES (?, ?, ?, 0, 'QUEUED')`).bind(
      crypto.randomUUID(),
      faxId,
      now,
    ),
    env.DB.prepare(
      `INSERT INTO fax_ledger (fax_id, direction, page_count, charged, refunded, status, created_at) VALUES (?, 'SEND', ?, ?, 0, 'QUEUED', ?)`,
    ).bind(faxId, pageCount, chargedDefault + chargedPaid, now),
  ]);
  return { faxId, fileId, pageCount };
}

/** Sets a user's send credits. */
export async function setSendCredits(userId: string, defaultCredits: number, paidCredits: number): Promise<void> {
  await env.DB.prepare('UPDATE users SET default_credits_send = ?, paid_credits_send = ? WHERE id = ?')
    .bind(defaultCredits, paidCredits, userId)
    .run();
}

export async function sendCreditsOf(userId: string): Promise<{ default: number; paid: number }> {
  const row = await env.DB.prepare('SELECT default_credits_send AS d, paid_credits_send AS p FROM users WHERE id = ?')
    .bind(userId)
    .first<{ d: number; p: number }>();
  return { default: row!.d, paid: row!.p };
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

export async function faxRow(faxId: string): Promise<FaxRowRaw> {
  const row = await env.DB.prepare('SELECT * FROM faxes WHERE id = ?').bind(faxId).first<FaxRowRaw>();
  if (!row) throw new Error(`no faxes row ${faxId}`);
  return row;
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

export async function attemptRows(faxId: string): Promise<AttemptRowRaw[]> {
  const { results } = await env.DB.prepare('SELECT * FROM fax_attempts WHERE fax_id = ? ORDER BY attempt').bind(faxId).all<AttemptRowRaw>();
  return results;
}

export interface TimelineRowRaw {
  attempt: number;
  kind: FaxEventKind;
  pages_sent: number | null;
  reason: FaxFailureReason | null;
}

export async function timelineOf(faxId: string): Promise<TimelineRowRaw[]> {
  const { results } = await env.DB.prepare('SELECT attempt, kind, pages_sent, reason FROM fax_events WHERE fax_id = ? ORDER BY at, rowid')
    .bind(faxId)
    .all<TimelineRowRaw>();
  return results;
}

export async function ledgerRow(
  faxId: string,
): Promise<{ status: FaxStatus; charged: number; refunded: number; completed_at: number | null }> {
  const row = await env.DB.prepare('SELECT status, charged, refunded, completed_at FROM fax_ledger WHERE fax_id = ?').bind(faxId).first<{
    status: FaxStatus;
    charged: number;
    refunded: number;
    completed_at: number | null;
  }>();
  if (!row) throw new Error(`no ledger row ${faxId}`);
  return row;
}

/** Queues the first dispatch of a fax, as sendFax does. */
export function dispatchFirstAttempt(faxId: string): Promise<void> {
  return enqueueFaxJob(env, { kind: 'fax.dispatch', faxId, attempt: 1 });
}

/** Waits until the fax is DELIVERED or FAILED (retries included) and answers its row. */
export function waitForFaxDone(faxId: string, timeoutMs = 20_000): Promise<FaxRowRaw> {
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
