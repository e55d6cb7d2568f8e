import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { generateToken, sha256Hex } from '../crypto/tokens';
import { getDb } from '../db/client';
import { deletePendingSignIn, findPendingSignIn, insertPendingSignIn } from '../db/queries/second-factors';
import type { PendingSignInRow } from '../db/schema';
import { canUseSecureCookie, isHttps } from '../http/cookies';

// A sign-in that proved its first factor and waits for the second (decision 044). It is no session:
// its own cookie and table, so nothing that asks for a viewer ever sees it (every other route
// answers 401), and it lasts 10 minutes.

export const PENDING_SIGN_IN_LIFETIME_MS = 10 * 60 * 1000;
const SECURE_NAME = '__Host-fax_pending';
const LOCAL_NAME = 'fax_pending';

function cookieName(c: Context): string {
  return isHttps(c) ? SECURE_NAME : LOCAL_NAME;
}

export async function startPendingSignIn(
  c: Context,
  userId: string,
  method: PendingSignInRow['method'],
  newPasswordHash: string | null = null,
): Promise<void> {
  const token = generateToken();
  const now = Date.now();
  const expiresAt = now + PENDING_SIGN_IN_LIFETIME_MS;
  await insertPendingSignIn(getDb(c.env), { id: await sha256Hex(token), userId, method, newPasswordHash, createdAt: now, expiresAt });
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    secure: canUseSecureCookie(c),
    sameSite: 'Strict',
    path: '/',
    expires: new Date(expiresAt),
  });
}

/** The browser's waiting sign-in, or null when it has none or it expired. */
export async function readPendingSignIn(c: Context): Promise<PendingSignInRow | null> {
  const token = getCookie(c, cookieName(c));
  if (!token) return null;
  return findPendingSignIn(getDb(c.env), await sha256Hex(token), Date.now());
}

/** Ends the waiting sign-in (true for the one request that ended it) and clears its cookie. */
export async function endPendingSignIn(c: Context, id: string): Promise<boolean> {
  deleteCookie(c, cookieName(c), { path: '/', secure: canUseSecureCookie(c) });
  return deletePendingSignIn(getDb(c.env), id);
}
