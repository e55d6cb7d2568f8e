/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import {
  assertKnownGuards,
  findRoute,
  GUARDS,
  isRouteBuilt,
  loginPathFor,
  ROUTES,
  type RouteRule,
  routeParam,
  safeRedirectPath,
} from '../../src/common/routes';

// The routes of spec §2, with the guard the spec names where it names one (undefined: not shown).
/**
 * Routes added beyond the spec's list (decisions 025 and 028): the page of one send to many numbers,
 * and where the link confirming an address for received faxes lands.
 */
const ISSUE_ROUTES: ReadonlyArray<[path: string, guard: RouteRule['guard']]> = [
  ['/broadcast/*', 'auth-required'],
  ['/confirmFaxMail', null],
  // Issue 29: the terms and the privacy policy, for anyone.
  ['/terms', null],
  ['/privacy', null],
  // Issue 34: a sign-in's second step (decision 044).
  ['/signInCheck', 'no-auth-required'],
  // Issue 33: the public API's reference (decision 046), read before signing up too.
  ['/developers', null],
  // Development pages (DEV_TOOLS only): in the one table like every page, so their data is loaded by it too.
  ['/dev/design', null],
  ['/dev/funnel', null],
  ['/dev/google', null],
  ['/dev/outbox', null],
];

const SPEC_ROUTES: ReadonlyArray<[path: string, guard?: RouteRule['guard']]> = [
  ['/'],
  ['/dashboard', 'auth-required'],
  ['/account_delete/*'],
  // Issue 17: where the link confirming an address for received faxes lands (docs/product.md §2).
  ['/faxDetails/*', 'auth-required'],
  ['/faxDetails', 'auth-required'],
  ['/inbox', 'auth-required'],
  ['/login', 'no-auth-required'],
  ['/lp/receive-fax'],
  ['/lp/receive-fax2'],
  ['/lp/receive-fax3'],
  ['/lp/receive-fax4'],
  ['/lp/receive-fax5'],
  ['/lp/send-fax'],
  ['/onboarding'],
  ['/phonebook', 'auth-required'],
  ['/preview'],
  ['/recover'],
  ['/reserveNumber'],
  ['/send'],
  ['/sent', 'auth-required'],
  ['/settings', 'auth-required'],
  ['/transaction'],
  ['/trash', 'auth-required'],
  ['/upgrade'],
  ['/welcome'],
];

// Every page file of the site, by path (keys only: the pages themselves are never loaded here).
const PAGE_FILES = Object.keys(import.meta.glob('/src/pages/**/*.astro'));

/** The page file that serves a route: `/faxDetails/*` → src/pages/faxDetails/[faxId].astro. */
function pageFileOf(path: string): string | undefined {
  const base = path === '/' ? '/index' : path;
  const pattern = base.endsWith('/*')
    ? new RegExp(`^/src/pages${base.slice(0, -2)}/\\[[^\\]/]+\\]\\.astro$`)
    : new RegExp(`^/src/pages(${base}\\.astro|${base}/index\\.astro)$`);
  return PAGE_FILES.find((file) => pattern.test(file));
}

describe('ROUTES', () => {
  it('finds the page files to check against', () => {
    expect(PAGE_FILES).toContain('/src/pages/dashboard.astro');
  });

  it.each(ROUTES.map((route) => [route.path, route] as const))('%s has a page unless it is planned, and none while planned', (_, route) => {
    const planned = 'planned' in route ? route.planned : undefined;
    if (planned) expect(pageFileOf(route.path), `${route.path} has a page now: drop its planned marker`).toBeUndefined();
    else expect(pageFileOf(route.path), `${route.path} has no page in src/pages`).toBeDefined();
  });

  it.each(SPEC_ROUTES)('has %s', (path, guard) => {
    const rule = ROUTES.find((r) => r.path === path);
    expect(rule).toBeDefined();
    if (guard !== undefined) expect(rule!.guard).toBe(guard);
  });

  it('has no route the spec or an issue does not name, and none twice', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES, ...ISSUE_ROUTES].map(([p]) => p).sort());
  });

  it.each(ISSUE_ROUTES)('has %s, which an issue asks for', (path, guard) => {
    expect(ROUTES.find((r) => r.path === path)?.guard).toBe(guard);
  });

  it.each(PAGE_FILES.filter((file) => file !== '/src/pages/404.astro'))('%s is the page of exactly one route', (file) => {
    expect(ROUTES.filter((route) => pageFileOf(route.path) === file).map((route) => route.path)).toHaveLength(1);
  });

  it('marks every development page as one, and no other', () => {
    for (const route of ROUTES) expect('dev' in route, route.path).toBe(route.path.startsWith('/dev/'));
  });

  it('uses only known guards', () => {
    expect(() => assertKnownGuards(ROUTES)).not.toThrow();
    for (const route of ROUTES) if (route.guard !== null) expect(GUARDS).toContain(route.guard);
  });
});

describe('assertKnownGuards', () => {
  it.each([
    ['a misspelt guard', 'auth-requried'],
    ['an empty guard', ''],
    ['a guard in capitals', 'AUTH-REQUIRED'],
  ])('throws on %s, naming the route', (_label, guard) => {
    const routes = [
      { path: '/ok', guard: 'auth-required' },
      { path: '/broken', guard },
    ] as unknown as RouteRule[];
    expect(() => assertKnownGuards(routes)).toThrow(/Unknown route guard.*\/broken/);
  });

  it('accepts null guards and an empty table', () => {
    expect(() => assertKnownGuards([{ path: '/open', guard: null }])).not.toThrow();
    expect(() => assertKnownGuards([])).not.toThrow();
  });
});

describe('findRoute', () => {
  it.each([
    ['/', '/'],
    ['/dashboard', '/dashboard'],
    ['/dashboard/', '/dashboard'],
    ['/dashboard//', '/dashboard'],
    ['/faxDetails', '/faxDetails'],
    ['/faxDetails/', '/faxDetails'],
    ['/faxDetails/abc', '/faxDetails/*'],
    ['/faxDetails/abc/', '/faxDetails/*'],
    ['/faxDetails/a/b', null],
    ['/faxDetails/a/b/', null],
    ['/account_delete/0b7c7bbc-5b0e-4b59-9d1b-2a5c3f9f5b11', '/account_delete/*'],
    ['/account_delete', null],
    ['/account_delete/', null],
    ['/lp/receive-fax', '/lp/receive-fax'],
    ['/lp/receive-fax5', '/lp/receive-fax5'],
    ['/lp/receive-fax6', null],
    ['/lp', null],
    ['/dashboardx', null],
    ['/dashboard/extra', null],
    ['/faxDetailsX/abc', null],
    ['/nope', null],
  ])('%s → %s', (pathname, expected) => {
    expect(findRoute(pathname)?.path ?? null).toBe(expected);
  });

  it('returns the rule with its guard', () => {
    expect(findRoute('/faxDetails/123')).toEqual({ path: '/faxDetails/*', guard: 'auth-required', loads: true });
    expect(findRoute('/login/')).toEqual({ path: '/login', guard: 'no-auth-required', loads: true });
    expect(findRoute('/welcome')).toEqual({ path: '/welcome', guard: null });
  });

  it('names the segment of a route with one, and none of a route without', () => {
    expect(routeParam(findRoute('/faxDetails/abc/')!, '/faxDetails/abc/')).toBe('abc');
    expect(routeParam(findRoute('/dashboard')!, '/dashboard')).toBe('');
  });

  it('reads another table when given one', () => {
    const routes: RouteRule[] = [{ path: '/things/*', guard: null }];
    expect(findRoute('/things/1', routes)).toEqual(routes[0]);
    expect(findRoute('/dashboard', routes)).toBeNull();
  });
});

describe('isRouteBuilt', () => {
  const table: RouteRule[] = [
    { path: '/here', guard: null },
    { path: '/soon', guard: 'auth-required', planned: 'issue 99' },
  ];

  it('is true for a route with a page and false for a planned one or no route at all', () => {
    expect(isRouteBuilt('/here', table)).toBe(true);
    expect(isRouteBuilt('/here/', table)).toBe(true);
    expect(isRouteBuilt('/soon', table)).toBe(false);
    expect(isRouteBuilt('/nowhere', table)).toBe(false);
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/settings', '/settings'],
    ['/a?b=1#c', '/a?b=1#c'],
    ['/faxDetails/abc', '/faxDetails/abc'],
    ['/inbox?page=2&sort=date', '/inbox?page=2&sort=date'],
    ['/', '/'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ])('keeps the path on this site %j', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    ['//evil.com'],
    ['///evil.com'],
    ['/\\evil.com'],
    ['https://evil.com'],
    ['http://evil.com/settings'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['settings'],
    [' /settings'],
    [''],
    [null],
    [undefined],
    ['/login'],
    ['/login?redirect=/settings'],
    ['/login#top'],
  ])('falls back to /dashboard for %j', (raw) => {
    expect(safeRedirectPath(raw)).toBe('/dashboard');
  });

  it('falls back to the fallback it is given', () => {
    expect(safeRedirectPath('//evil.com', '/inbox')).toBe('/inbox');
    expect(safeRedirectPath(null, '/inbox')).toBe('/inbox');
  });

  // Dot segments collapse in the URL parser: `/..//evil.com` becomes the path `//evil.com`,
  // which a browser reads as the host evil.com.
  it.each([['/..//evil.com'], ['/.//evil.com'], ['/a/..//evil.com'], ['/%2e%2e//evil.com'], ['/./\\evil.com']])(
    'never answers a path that leaves the site for %j',
    (raw) => {
      const result = safeRedirectPath(raw);
      const site = 'https://fax.example';
      expect(new URL(result, site).origin).toBe(site);
      expect(result.startsWith('//')).toBe(false);
    },
  );
});

describe('loginPathFor', () => {
  it('carries the page to come back to, encoded, and it survives safeRedirectPath', () => {
    const path = loginPathFor('/faxDetails/abc?x=1&y=2');
    expect(path).toBe('/login?redirect=%2FfaxDetails%2Fabc%3Fx%3D1%26y%3D2');
    const redirect = new URL(path, 'https://fax.example').searchParams.get('redirect');
    expect(safeRedirectPath(redirect)).toBe('/faxDetails/abc?x=1&y=2');
  });
});
