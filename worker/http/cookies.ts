import type { Context } from 'hono';

export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:';
}

/**
 * Whether a cookie may carry the Secure flag: on HTTPS, and on plain-HTTP localhost, which
 * browsers treat as a secure context (local runs and tests).
 */
export function canUseSecureCookie(c: Context): boolean {
  const host = new URL(c.req.url).hostname;
  return isHttps(c) || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}
