import { env } from 'cloudflare:workers';
import type { FaxListPage, FaxView, SendFaxBody } from '../../src/common/faxes';
import { call } from './client';
import { insertSessionCookie, insertUser } from './db';
import { setSendCredits } from './faxes';

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
  const id = crypto.randomUUID();
  const start = fields.start ?? Date.now();
  await env.DB.prepare(
    `INSERT INTO faxes (id, user_id, direction, status, remote_number, page_count, start, updated, trashed_at)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  )
    .bind(
      id,
      userId,
      fields.direction ?? 'SEND',
      fields.status ?? 'DELIVERED',
      fields.remoteNumber ?? '+12125550123',
      start,
      start,
      fields.trashedAt ?? null,
    )
    .run();
  return id;
}
