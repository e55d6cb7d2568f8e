import { env, exports } from 'cloudflare:workers';
import type { AccountDetails } from '../../worker/views/account';
import { type CallOptions, call, ORIGIN } from './client';
import type { UserRowRaw } from './db';

// The account calls as the settings page makes them, and the account columns of D1 to check them.

/** The whole users row, with the columns the account features added. */
export interface AccountRowRaw extends UserRowRaw {
  google_subject: string | null;
  personal_phone: string | null;
  setup: string | null;
  setup_completed_at: number | null;
  attribution: string | null;
  last_touch_attribution: string | null;
  subscription_type: 'FREE' | 'TRIAL' | 'PAID' | null;
  subscription_id: string | null;
  merchant_type: string | null;
  default_credits_send: number;
  paid_credits_send: number;
  default_credits_receive: number;
  paid_credits_receive: number;
  deleting_at: number | null;
}

export async function accountRow(userId: string): Promise<AccountRowRaw> {
  const row = await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(userId).first<AccountRowRaw>();
  if (!row) throw new Error(`no users row for ${userId}`);
  return row;
}

/** GET /api/account; throws unless it answers 200. */
export async function accountOf(cookie: string): Promise<AccountDetails> {
  const response = await call('/api/account', { cookie });
  if (response.status !== 200) throw new Error(`GET /api/account: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { account: AccountDetails }).account;
}

/** POST /api/verifyAuth's needsSetup; throws unless it answers 200. */
export async function needsSetupAtVerifyAuth(cookie: string): Promise<boolean> {
  const response = await call('/api/verifyAuth', { method: 'POST', cookie });
  if (response.status !== 200) throw new Error(`verifyAuth: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { needsSetup: boolean }).needsSetup;
}

export function setupNewUser(
  cookie: string | null,
  body: unknown,
  options: Omit<CallOptions, 'method' | 'body' | 'cookie'> = {},
): Promise<Response> {
  return call('/api/setupNewUser', { ...options, method: 'POST', body, cookie });
}

/**
 * A GET as the page's fetch sends it. `headers` override the defaults (Origin of the site); a null
 * value leaves that header out, e.g. `{ origin: null }` for a request that names no origin.
 */
export function pageGet(path: string, cookie: string | null, headers: Record<string, string | null> = {}): Promise<Response> {
  const merged: Record<string, string | null> = { origin: ORIGIN, ...headers };
  const sent = new Headers();
  for (const [name, value] of Object.entries(merged)) if (value !== null) sent.set(name, value);
  if (cookie) sent.set('cookie', cookie);
  return exports.default.fetch(new Request(ORIGIN + path, { headers: sent }));
}

/** Sets the `credits.free` option (JSON text) for the duration of `run`, then puts the old value back. */
export async function withFreeCreditsOption<T>(value: string, run: () => Promise<T>): Promise<T> {
  const before = await env.DB.prepare("SELECT value FROM options WHERE key = 'credits.free'").first<{ value: string }>();
  await env.DB.prepare("UPDATE options SET value = ? WHERE key = 'credits.free'").bind(value).run();
  try {
    return await run();
  } finally {
    if (before) await env.DB.prepare("UPDATE options SET value = ? WHERE key = 'credits.free'").bind(before.value).run();
  }
}

export interface OutboxRowRaw {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: number;
}

/** The mail in the outbox table for one address, newest first. */
export async function outboxTo(email: string): Promise<OutboxRowRaw[]> {
  const { results } = await env.DB.prepare('SELECT * FROM outbox WHERE "to" = ? ORDER BY created_at DESC')
    .bind(email.toLowerCase())
    .all<OutboxRowRaw>();
  return results;
}
