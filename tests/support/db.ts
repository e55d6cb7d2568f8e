import { env } from 'cloudflare:workers';
import { hashPassword } from '../../worker/auth/password';
import { generateToken, sha256Hex } from '../../worker/crypto/tokens';
import { readConfig } from '../../worker/env';
import { GOOD_PASSWORD } from './client';

// Direct D1 access for arranging and checking state the API does not expose.

export interface SessionRowRaw {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface UserRowRaw {
  id: string;
  email: string;
  password_hash: string | null;
  display_name: string | null;
  created_at: number;
  last_sign_in_at: number;
}

export interface LoginEventRowRaw {
  id: string;
  user_id: string;
  at: number;
  method: string;
  ip: string | null;
  user_agent: string | null;
  country: string | null;
}

/** The token in a `fax_session=<token>` cookie pair. */
export function tokenOf(cookie: string): string {
  const token = cookie.split('=')[1];
  if (!token) throw new Error(`not a session cookie: ${cookie}`);
  return token;
}

/** The sessions row id (SHA-256 of the token) behind a cookie. */
export function sessionIdOf(cookie: string): Promise<string> {
  return sha256Hex(tokenOf(cookie));
}

export async function sessionRow(cookie: string): Promise<SessionRowRaw | null> {
  return env.DB.prepare('SELECT * FROM sessions WHERE id = ?')
    .bind(await sessionIdOf(cookie))
    .first<SessionRowRaw>();
}

export async function sessionsOf(userId: string): Promise<SessionRowRaw[]> {
  const { results } = await env.DB.prepare('SELECT * FROM sessions WHERE user_id = ?').bind(userId).all<SessionRowRaw>();
  return results;
}

export async function setSessionExpiry(cookie: string, expiresAt: number): Promise<void> {
  const result = await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?')
    .bind(expiresAt, await sessionIdOf(cookie))
    .run();
  if (result.meta.changes !== 1) throw new Error('no session row to update');
}

export async function userRow(userId: string): Promise<UserRowRaw | null> {
  return env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(userId).first<UserRowRaw>();
}

export async function loginEventsOf(userId: string): Promise<LoginEventRowRaw[]> {
  const { results } = await env.DB.prepare('SELECT * FROM login_events WHERE user_id = ? ORDER BY at').bind(userId).all<LoginEventRowRaw>();
  return results;
}

let counter = 0;

/**
 * Inserts a user row directly, skipping the sign-up endpoint and its password hashing: for tests
 * that need a user to exist but never sign in with a password. `passwordHash: null` is an account
 * that only signs in with Google.
 */
/** A user made straight in D1; their address counts as confirmed unless `verified: false`. */
export async function insertUser(
  fields: { email?: string; passwordHash?: string | null; displayName?: string | null; verified?: boolean } = {},
): Promise<UserRowRaw> {
  counter += 1;
  const now = Date.now();
  const row: UserRowRaw = {
    id: crypto.randomUUID(),
    email: fields.email ?? `direct-${now.toString(36)}-${counter}@example.com`,
    password_hash: fields.passwordHash ?? null,
    display_name: fields.displayName ?? null,
    created_at: now,
    last_sign_in_at: now,
  };
  await env.DB.prepare(
    'INSERT INTO users (id, email, password_hash, display_name, created_at, last_sign_in_at, email_verified_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(
      row.id,
      row.email,
      row.password_hash,
      row.display_name,
      row.created_at,
      row.last_sign_in_at,
      fields.verified === false ? null : now,
    )
    .run();
  return row;
}

/**
 * Opens a session for a user straight in D1, as createSession would, and answers its cookie pair:
 * cheaper than a sign-in (no password hashing) for tests about what happens to a session later.
 */
export async function insertSessionCookie(
  userId: string,
  { expiresAt = Date.now() + 30 * 24 * 60 * 60 * 1000, createdAt = Date.now() } = {},
): Promise<string> {
  const token = generateToken();
  await env.DB.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(token), userId, createdAt, expiresAt)
    .run();
  return `fax_session=${token}`;
}

/** A password hashed as the Worker under test hashes new ones (its PASSWORD_HASHING). */
export function hashTestPassword(password: string): Promise<string> {
  return hashPassword(password, readConfig(env).PASSWORD_HASHING);
}

// Accounts are made straight in D1 with one hash of GOOD_PASSWORD per test file (signing in with
// it still goes through the real /api/login).
let goodPasswordHash: Promise<string> | null = null;

/** An account whose password is GOOD_PASSWORD, with one session. */
export async function passwordAccount(): Promise<{ email: string; userId: string; cookie: string }> {
  goodPasswordHash ??= hashTestPassword(GOOD_PASSWORD);
  const user = await insertUser({ passwordHash: await goodPasswordHash });
  return { email: user.email, userId: user.id, cookie: await insertSessionCookie(user.id) };
}
