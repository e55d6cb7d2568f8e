import type { MiddlewareHandler } from 'hono';

// Pages get their script-src/style-src hashes from Astro (security.csp in astro.config.mjs): in a
// <meta> policy for prerendered pages, in a Content-Security-Policy header for server-rendered ones.
// PAGE_CSP adds what a meta policy cannot carry (frame-ancestors) and what holds for every page;
// it is joined to Astro's header, never put in its place. API answers are data, so they allow nothing.
const PAGE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
// /dev/outbox frames each mail's HTML from here (dev tools only, worker/api/dev-outbox.ts). A mail
// is drawn with inline styles, so its document lets those in and nothing else: no script, no load,
// sandboxed, framed by this site's pages only. Popups stay open so its button opens a tab as a
// mail client's would.
const MAIL_DOCUMENT_PREFIX = '/dev/outbox/';
const MAIL_DOCUMENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox";

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const POPUP_OPENER_PAGES = new Set(['/login']);

/**
 * With PAYMENT_PROCESSOR=stripe the card form on these pages is Stripe Elements: Stripe.js, its
 * card and 3-D Secure frames, and its calls to Stripe's API (Stripe's CSP guide). Added per
 * request to Astro's directives, and only there: every other page, and every page with the local
 * processor, allows none of Stripe's origins.
 */
const STRIPE_PAGES = new Set(['/transaction']);
const STRIPE_SOURCES: Readonly<Record<string, string>> = {
  'script-src': 'https://js.stripe.com https://*.js.stripe.com',
  'frame-src': 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  'connect-src': 'https://api.stripe.com',
  'img-src': 'https://*.stripe.com',
};

/** Adds sources to directives the policy has (Astro's policy names script-src, frame-src and connect-src). */
function withSources(policy: string, sources: Readonly<Record<string, string>>): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const name = directive.split(/\s+/, 1)[0]!.toLowerCase();
      return sources[name] ? `${directive} ${sources[name]}` : directive;
    })
    .join('; ');
}

/** One policy: Astro's for this page (if any) followed by the Worker's directives. */
function pagePolicy(fromAstro: string | null, allowStripe: boolean): string {
  let own = fromAstro?.trim().replace(/;+$/, '');
  if (own && allowStripe) own = withSources(own, STRIPE_SOURCES);
  return own ? `${own}; ${PAGE_CSP}` : `default-src 'self'; ${PAGE_CSP}`;
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 101) return; // a WebSocket upgrade cannot be re-wrapped
  // Responses from fetch() or the asset binding have immutable headers.
  const res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.headers.set(name, value);
  const { pathname } = new URL(c.req.url);
  const isApi = pathname.startsWith('/api/');
  // The raw variable, not readConfig: this runs even for the answer that reports a bad configuration.
  const allowStripe = c.env?.PAYMENT_PROCESSOR === 'stripe' && STRIPE_PAGES.has(pathname);
  const isMailDocument = pathname.startsWith(MAIL_DOCUMENT_PREFIX);
  const policy = isApi ? API_CSP : isMailDocument ? MAIL_DOCUMENT_CSP : pagePolicy(res.headers.get('Content-Security-Policy'), allowStripe);
  res.headers.set('Content-Security-Policy', policy);
  if (isMailDocument) res.headers.set('X-Frame-Options', 'SAMEORIGIN');
  // Google's sign-in button on /login opens Google's popup and must still hear back from it.
  if (POPUP_OPENER_PAGES.has(pathname)) res.headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  if (isApi) res.headers.set('Cache-Control', 'no-store');
  c.res = undefined;
  c.res = res;
};
