import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the browser says the request comes from a page of this site: `Sec-Fetch-Site:
 * same-origin`, or (for clients that do not send Fetch Metadata) an `Origin` equal to ours.
 * A request with neither signal is refused: a link or form on another site must never change state.
 */
function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  const origin = request.headers.get('origin');
  return origin !== null && origin === new URL(request.url).origin;
}

/** 403 CROSS_ORIGIN unless the request comes from this site; for a call that changes state only sometimes. */
export function assertSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw new ApiError(403, 'CROSS_ORIGIN');
}

/** For every state-changing call, whatever its method (the spec has GETs that change state). */
export const requireSameOrigin: MiddlewareHandler = async (c, next) => {
  assertSameOrigin(c.req.raw);
  await next();
};

// Carrier webhooks come from the carrier's servers, cross-site by nature, with no cookie to ride
// on: their Ed25519 signature is their check (worker/api/webhooks.ts).
const CROSS_SITE_PREFIXES = ['/api/webhooks/'];

/** Applies the same-origin rule to every non-safe method; GETs that change state add it per route. */
export const requireSameOriginForUnsafeMethods: MiddlewareHandler = async (c, next) => {
  const crossSite = CROSS_SITE_PREFIXES.some((prefix) => c.req.path.startsWith(prefix));
  if (!SAFE_METHODS.has(c.req.method) && !crossSite) assertSameOrigin(c.req.raw);
  await next();
};
