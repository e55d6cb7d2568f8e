// Every route of the product (spec §2), in one table: the guard it stands behind, which
// src/middleware.ts enforces before any HTML is sent, and whether the Worker reads the page's data
// before it renders (worker/pages/index.ts keeps one loader for each such route, and the compiler
// refuses a loader for any other path). tests/unit/routes.test.ts holds the table to src/pages/:
// every route has its page, every page its one route.

export const GUARDS = ['auth-required', 'no-auth-required'] as const;
type GuardName = (typeof GUARDS)[number];

export interface RouteRule {
  /** A path, or a path ending in `/*` for a route with one parameter segment (e.g. a fax id). */
  path: string;
  /** null: anyone may open it. */
  guard: GuardName | null;
  /** The issue that builds this route's page; until then it answers 404 (the route table test checks both ways). */
  planned?: string;
  /** The Worker reads what the page shows first before it renders (decision 033; worker/pages/). */
  loads?: true;
  /** A development page: it exists only with DEV_TOOLS on (src/middleware.ts answers 404 otherwise). */
  dev?: true;
}

export const ROUTES = [
  { path: '/', guard: null }, // redirects to /dashboard
  { path: '/dashboard', guard: 'auth-required', loads: true },
  { path: '/account_delete/*', guard: null }, // outlives the session it was started from
  { path: '/broadcast/*', guard: 'auth-required', loads: true }, // one send to many numbers
  { path: '/confirmFaxMail', guard: null }, // the mailed link proves the address, whoever opens it
  { path: '/developers', guard: null }, // the /v1 reference (decision 046): read before signing up, too
  { path: '/faxDetails', guard: 'auth-required' }, // redirects to /dashboard
  { path: '/faxDetails/*', guard: 'auth-required', loads: true },
  { path: '/inbox', guard: 'auth-required', loads: true },
  { path: '/login', guard: 'no-auth-required', loads: true },
  { path: '/lp/receive-fax', guard: null },
  { path: '/lp/receive-fax2', guard: null },
  { path: '/lp/receive-fax3', guard: null },
  { path: '/lp/receive-fax4', guard: null },
  { path: '/lp/receive-fax5', guard: null },
  { path: '/lp/send-fax', guard: null },
  { path: '/onboarding', guard: null }, // a visitor is sent to /welcome; the path itself needs an account
  { path: '/phonebook', guard: 'auth-required', loads: true },
  { path: '/privacy', guard: null, loads: true }, // read before signing up, and after
  { path: '/preview', guard: 'auth-required', loads: true }, // a received fax belongs to someone
  { path: '/recover', guard: null },
  { path: '/reserveNumber', guard: null }, // visitors may hold a number before signing up
  { path: '/send', guard: 'auth-required', loads: true }, // sending spends an account's credits
  { path: '/sent', guard: 'auth-required', loads: true },
  { path: '/signInCheck', guard: 'no-auth-required' }, // a sign-in's second step (decision 044)
  { path: '/settings', guard: 'auth-required', loads: true },
  { path: '/terms', guard: null, loads: true },
  { path: '/transaction', guard: 'auth-required', loads: true }, // a payment needs an account to charge
  { path: '/trash', guard: 'auth-required', loads: true },
  { path: '/upgrade', guard: null, loads: true },
  { path: '/welcome', guard: null }, // a visitor sees what an account brings
  // Development only (DEV_TOOLS): the design guide, the mail outbox, the Google stand-in, the funnel.
  { path: '/dev/design', guard: null, dev: true },
  { path: '/dev/funnel', guard: null, dev: true, loads: true },
  { path: '/dev/google', guard: null, dev: true },
  { path: '/dev/outbox', guard: null, dev: true },
] as const satisfies readonly RouteRule[];

/** The routes whose page data the Worker reads before rendering: worker/pages/index.ts has a loader for each, and for no other. */
export type LoadedRoute = Extract<(typeof ROUTES)[number], { loads: true }>['path'];

/** Throws on a guard name the app does not know, so a typo fails the build instead of opening a page. */
export function assertKnownGuards(routes: readonly RouteRule[]): void {
  for (const route of routes) {
    if (route.guard !== null && !(GUARDS as readonly string[]).includes(route.guard)) {
      throw new Error(`Unknown route guard "${String(route.guard)}" on ${route.path}`);
    }
  }
}

function matches(rulePath: string, pathname: string): boolean {
  if (rulePath.endsWith('/*')) {
    const base = rulePath.slice(0, -2);
    const rest = pathname.slice(base.length + 1);
    return pathname.startsWith(`${base}/`) && rest.length > 0 && !rest.includes('/');
  }
  return pathname === rulePath;
}

/** The rule for a path (a trailing slash is ignored), or null for a path that is no route. */
export function findRoute(pathname: string, routes: readonly RouteRule[] = ROUTES): RouteRule | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => matches(route.path, path)) ?? null;
}

/** The parameter segment of a path under a `/*` route (`/faxDetails/abc` → `abc`), or '' for a route without one. */
export function routeParam(route: RouteRule, pathname: string): string {
  if (!route.path.endsWith('/*')) return '';
  const path = pathname.replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

/** True for a route whose page is built (a path still `planned` would only answer 404): links to it may show. */
export function isRouteBuilt(pathname: string, routes: readonly RouteRule[] = ROUTES): boolean {
  const route = findRoute(pathname, routes);
  return route !== null && route.planned === undefined;
}

/**
 * The decoded `redirect` query value when it is a path on this site, else the fallback.
 * Anything that could leave the site (`//host`, `/\host`, `https://…`) is refused.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = '/dashboard'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  try {
    const base = 'http://same.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return fallback;
    // Dot segments collapse while parsing (`/..//evil.com` becomes `//evil.com`): check the result too.
    if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return fallback;
    if (url.pathname.replace(/\/+$/, '') === '/login') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Where a signed-out visitor to a guarded page is sent. */
export function loginPathFor(pathWithQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

/**
 * Where a page goes once it has made an account (src/common/onboarding.ts re-exports it; it lives
 * here so the sign-in forms carry no first-run steps): the first-run path when the visitor was on their
 * way to the dashboard (the usual case: `/` sends them there), else where they were going (a plan
 * or a number they chose comes first; the path stays open for them at /welcome).
 */
export function pathAfterSignUp(rawRedirect: string | null | undefined): string {
  const target = safeRedirectPath(rawRedirect);
  const path = new URL(target, 'http://same.invalid').pathname.replace(/\/+$/, '');
  return path === '/dashboard' ? '/welcome' : target;
}
