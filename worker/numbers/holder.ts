import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { generateToken, sha256Hex } from '../crypto/tokens';
import type { AppEnv } from '../http/app-env';
import { canUseSecureCookie } from '../http/cookies';

// Who a hold belongs to: a signed-in user, or a signed-out visitor known by a random HttpOnly
// cookie (only its digest is stored), so a number picked before signing up is still theirs after.
const VISITOR_COOKIE = 'fax_visitor';
const VISITOR_COOKIE_DAYS = 30;

export function userHolderKey(userId: string): string {
  return `user:${userId}`;
}

/** The visitor key of this browser, or null when it has none. */
export async function visitorHolderKey(c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, VISITOR_COOKIE);
  return token ? `visitor:${await sha256Hex(token)}` : null;
}

/** The caller's holder key; a visitor without one gets a new visitor cookie when `create` is set. */
export async function holderKeyOf(c: Context<AppEnv>, create: boolean): Promise<string | null> {
  const viewer = c.get('viewer');
  if (viewer) return userHolderKey(viewer.id);
  const existing = await visitorHolderKey(c);
  if (existing || !create) return existing;
  const token = generateToken();
  setCookie(c, VISITOR_COOKIE, token, {
    httpOnly: true,
    secure: canUseSecureCookie(c),
    sameSite: 'Lax',
    path: '/',
    maxAge: VISITOR_COOKIE_DAYS * 24 * 60 * 60,
  });
  return `visitor:${await sha256Hex(token)}`;
}
