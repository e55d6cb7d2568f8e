import { env } from 'cloudflare:workers';
import type { FaxFailureReason, FaxStatus } from '../../src/common/faxes';
import { inboundFaxId } from '../../worker/receive/inbound-fax-id';
import { telnyxEvent } from './carrier';
import { insertSessionCookie, insertUser } from './db';
import { assignNumberTo } from './faxes';
import { setStoreBalance, storeBalance, storeLifetime, storeSql } from './user-store';

// Receiving as the tests play it: a user with a number of their own and receive credits, Telnyx's
// inbound events for one call, and the rows receiving writes.

export interface Receiver {
  userId: string;
  email: string;
  cookie: string;
  number: string;
}

export async function setReceiveCredits(userId: string, defaultCredits: number, paidCredits: number): Promise<void> {
  await setStoreBalance(userId, 'receive', defaultCredits, paidCredits);
}

export async function receiveCreditsOf(userId: string): Promise<{ default: number; paid: number; lifetime: number }> {
  const balance = await storeBalance(userId, 'receive');
  return { ...balance, lifetime: await storeLifetime(userId, 'RECEIVE') };
}

/** A signed-in user with an assigned number and the receive credits given (default 10 / 0). */
export async function receiver(defaultCredits = 10, paidCredits = 0): Promise<Receiver> {
  const user = await insertUser();
  await setReceiveCredits(user.id, defaultCredits, paidCredits);
  return { userId: user.id, email: user.email, cookie: await insertSessionCookie(user.id), number: await assignNumberTo(user.id) };
}

export interface ReceivedFaxRowRaw {
  id: string;
  user_id: string;
  direction: 'RECEIVE';
  status: FaxStatus;
  remote_number: string | null;
  local_number: string;
  page_count: number;
  pages_sent: number;
  document_key: string | null;
  failure_reason: FaxFailureReason | null;
  charged_default: number;
  charged_paid: number;
  uncovered_pages: number;
  partial: number;
  read: number;
  completed: number | null;
}

export async function receivedFaxesOf(userId: string): Promise<ReceivedFaxRowRaw[]> {
  const rows = await storeSql<Omit<ReceivedFaxRowRaw, 'user_id'>>(userId, "SELECT * FROM faxes WHERE direction = 'RECEIVE' ORDER BY start");
  return rows.map((row) => ({ ...row, user_id: userId }));
}

export const TELNYX_MEDIA_HOST = 'media.telnyx.test';

/** The user a number of ours is assigned to, whose fax a call to it makes (any user when none). */
async function ownerOfNumber(number: string): Promise<string> {
  const row = await env.DB.prepare("SELECT owner_user_id FROM fax_numbers WHERE number = ? AND state = 'ASSIGNED'")
    .bind(number)
    .first<{ owner_user_id: string }>();
  return row?.owner_user_id ?? crypto.randomUUID();
}

/** One inbound Telnyx call to `to`: its events in the order Telnyx sends them, and the fax id it makes. */
export async function telnyxInboundCall(to: string, options: { from?: string; pages?: number; mediaUrl?: string } = {}) {
  const carrierFaxId = crypto.randomUUID();
  const pages = options.pages ?? 2;
  const base = { fax_id: carrierFaxId, direction: 'inbound', from: options.from ?? '+16132484850', to };
  const mediaUrl = options.mediaUrl ?? `https://${TELNYX_MEDIA_HOST}/${carrierFaxId}.pdf?X-Amz-Signature=abc`;
  return {
    carrierFaxId,
    faxId: await inboundFaxId(env.FAX_ID_SECRET, 'telnyx', carrierFaxId, await ownerOfNumber(to)),
    mediaUrl,
    started: telnyxEvent('fax.receiving.started', { ...base, status: 'receiving' }),
    processing: telnyxEvent('fax.media.processing.started', { ...base, status: 'media.processing', page_count: pages }),
    received: telnyxEvent('fax.received', { ...base, status: 'received', page_count: pages, media_url: mediaUrl }),
    failed: (failure: string, pagesIn: number, withMedia: boolean) =>
      telnyxEvent('fax.failed', {
        ...base,
        status: 'failed',
        failure_reason: failure,
        page_count: pagesIn,
        ...(withMedia ? { media_url: mediaUrl } : {}),
      }),
  };
}
