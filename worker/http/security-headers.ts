import type { MiddlewareHandler } from 'hono';

// Pages get their script-src/style-src hashes from Astro (security.csp in astro.config.mjs), which
// puts them in a <meta> policy; this header adds what a meta policy cannot carry (frame-ancestors)
// and what holds for every response. API answers are data, never documents, so they allow nothing.
const PAGE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 101) return; // a WebSocket upgrade cannot be re-wrapped
  // Responses from fetch() or the asset binding have immutable headers.
  const res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.headers.set(name, value);
  const isApi = new URL(c.req.url).pathname.startsWith('/api/');
  res.headers.set('Content-Security-Policy', isApi ? API_CSP : PAGE_CSP);
  if (isApi) res.headers.set('Cache-Control', 'no-store');
  c.res = undefined;
  c.res = res;
};
