import { env } from 'cloudflare:workers';
import type { FaxListPage, FaxView, SendFaxBody } from '../../src/common/faxes';
import { newFaxId } from '../../worker/crypto/fax-id';
import { call } from './client';
import { insertSessionCookie, insertUser } from './db';
import { setSendCredits } from './faxes';
import { storeSql } from './user-store';

// Arranging sends: an account with a given balance, a stored document, and the sendFax call.

export interface Sender {
  userId: string;
  cookie: string;
}

/** A signed-in account holding these send credits. */
export async function senderWithCredits(defaultCredits: number, paidCredits = 0): Promise<Sender> {
  const user = await insertUser();
  await setSendCredits(user.id, defaultCredits, paidCredits);
  return { userId: user.id, cookie: await insertSessionCookie(user.id) };
}

export function sendFax(
  cookie: string | null,
  body: Partial<SendFaxBody> | Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return call('/api/sendFax', { method: 'POST', cookie, body, headers });
}

export async function faxList(cookie: string, query = 'direction=SEND'): Promise<FaxListPage> {
  const response = await call(`/api/faxes?${query}`, { cookie });
  if (response.status !== 200) throw new Error(`GET /api/faxes answered ${response.status}`);
  return (await response.json()) as FaxListPage;
}

export type { FaxView };

/** A fax row made straight in D1 (no dispatch is queued for it): for list and detail tests. */
export async function insertFaxRow(
  userId: string,
  fields: { start?: number; direction?: 'SEND' | 'RECEIVE'; status?: string; remoteNumber?: string; trashedAt?: number | null } = {},
): Promise<string> {
  const id = await newFaxId(env.FAX_ID_SECRET, userId);
  const start = fields.start ?? Date.now();
  const direction = fields.direction ?? 'SEND';
  const trashedAt = fields.trashedAt ?? null;
  await storeSql(
    userId,
    `INSERT INTO faxes (id, direction, status, remote_number, page_count, start, updated, trashed_at, read)
     VALUES (?, ?, ?, ?, 1, ?, ?, ?, 1)`,
    id,
    direction,
    fields.status ?? 'DELIVERED',
    fields.remoteNumber ?? '+12125550123',
    start,
    start,
    trashedAt,
  );
  // The counters move with the row, as every change in the store moves them.
  await storeSql(userId, 'INSERT OR IGNORE INTO fax_counters (direction) VALUES (?)', direction);
  await storeSql(
    userId,
    'UPDATE fax_counters SET total = total + ?, trashed = trashed + ?, lifetime = lifetime + 1 WHERE direction = ?',
    trashedAt === null ? 1 : 0,
    trashedAt === null ? 0 : 1,
    direction,
  );
  return id;
}
