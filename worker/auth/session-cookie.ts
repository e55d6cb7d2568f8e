import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SIGNED_IN_BEFORE_COOKIE, SIGNED_IN_BEFORE_MAX_AGE_S } from '../../src/common/returning-visitor';
import { canUseSecureCookie, isHttps } from '../http/cookies';

// On HTTPS the cookie carries the __Host- prefix (no Domain, Path=/, Secure: it cannot be planted
// by a subdomain). Plain-HTTP local development keeps the same flags under a plain name.
const SECURE_NAME = '__Host-fax_session';
const LOCAL_NAME = 'fax_session';

function cookieName(c: Context): string {
  return isHttps(c) ? SECURE_NAME : LOCAL_NAME;
}

export function readSessionCookie(c: Context): string | null {
  return getCookie(c, cookieName(c)) ?? null;
}

export function writeSessionCookie(c: Context, token: string, expiresAt: number): void {
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    secure: canUseSecureCookie(c),
    sameSite: 'Lax',
    path: '/',
    expires: new Date(expiresAt),
  });
}

/** Marks this browser as one that has signed in: its next /login opens on signing in. */
export function rememberSignedIn(c: Context): void {
  setCookie(c, SIGNED_IN_BEFORE_COOKIE, '1', {
    httpOnly: true,
    secure: canUseSecureCookie(c),
    sameSite: 'Lax',
    path: '/',
    maxAge: SIGNED_IN_BEFORE_MAX_AGE_S,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, cookieName(c), { path: '/', secure: canUseSecureCookie(c) });
}

/** Whether the answer already sets or clears the session cookie (a sign-in, a sign-out). */
export function answerSetsSessionCookie(c: Context): boolean {
  const prefix = `${cookieName(c)}=`;
  return c.res.headers.getSetCookie().some((line) => line.startsWith(prefix));
}
