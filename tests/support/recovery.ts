import { env } from 'cloudflare:workers';
import type { OutboxMail } from '../../src/common/outbox';
import { sha256Hex } from '../../worker/crypto/tokens';
import { type CallOptions, call, ORIGIN } from './client';

// Password recovery as a browser and a mailbox would see it: ask for a link, read it from the
// local outbox (GET /api/devOutbox), follow it.

export type { OutboxMail as OutboxMailRaw } from '../../src/common/outbox';

export interface EmailTokenRowRaw {
  id: string;
  user_id: string;
  purpose: string;
  payload: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export function forgotPassword(email: string, redirect?: string, options: Omit<CallOptions, 'method' | 'body'> = {}): Promise<Response> {
  return call('/api/forgotPassword', { ...options, method: 'POST', body: { email, ...(redirect === undefined ? {} : { redirect }) } });
}

export function resetPassword(token: string, newPassword: string, options: Omit<CallOptions, 'method' | 'body'> = {}): Promise<Response> {
  return call('/api/resetPassword', { ...options, method: 'POST', body: { token, newPassword } });
}

/** The mail sent to an address, newest first, as the dev outbox lists it. */
export async function mailTo(email: string): Promise<OutboxMail[]> {
  const response = await call(`/api/devOutbox?to=${encodeURIComponent(email)}`);
  if (response.status !== 200) throw new Error(`devOutbox failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { mail: OutboxMail[] }).mail;
}

const LINK = new RegExp(`${ORIGIN.replace(/[.:/]/g, '\\$&')}/recover\\?token=([\\w-]+)`);

/** The token in the reset link of a mail, or null. */
export function tokenInMail(mail: OutboxMail): string | null {
  return LINK.exec(mail.text)?.[1] ?? null;
}

/** Asks for a reset link and answers the token in the mail that arrived (throws if none did). */
export async function requestResetToken(email: string, redirect?: string): Promise<string> {
  // Two mails within the same millisecond have no order: find the new one by what was there before.
  const before = new Set((await mailTo(email)).map((m) => m.id));
  const response = await forgotPassword(email, redirect);
  if (response.status !== 202) throw new Error(`forgotPassword failed: ${response.status} ${await response.text()}`);
  const arrived = (await mailTo(email)).find((m) => !before.has(m.id));
  const token = arrived ? tokenInMail(arrived) : null;
  if (!token) throw new Error(`no reset link in the outbox for ${email}`);
  return token;
}

export async function resetTokenRow(token: string): Promise<EmailTokenRowRaw | null> {
  return env.DB.prepare('SELECT * FROM email_tokens WHERE id = ?')
    .bind(await sha256Hex(token))
    .first<EmailTokenRowRaw>();
}

export async function resetTokensOf(userId: string): Promise<EmailTokenRowRaw[]> {
  const { results } = await env.DB.prepare("SELECT * FROM email_tokens WHERE user_id = ? AND purpose = 'password-reset'")
    .bind(userId)
    .all<EmailTokenRowRaw>();
  return results;
}
