// The JavaScript budget of every page (decision 032): KB (1,024 bytes) of gzip, the script files a page
// loads before anyone does anything (docs/decisions/032). A page is measured once for each kind of
// person its guard lets in (src/common/routes.ts): a visitor, a signed-in person, or both.
import { findRoute } from '../../src/common/routes.ts';

/**
 * The first rule that names a page is its budget; `*` in a path stands for one segment (a fax id).
 * @type {readonly { pages: readonly string[], visitor: number, signedIn: number, what: string }[]}
 */
export const PAGE_BUDGETS = [
  { pages: ['/', '/lp/*'], visitor: 0, signedIn: 0, what: 'landing pages: no script file at all' },
  {
    pages: ['/login', '/recover', '/signInCheck', '/upgrade', '/reserveNumber'],
    visitor: 80,
    signedIn: 100,
    what: 'the ways in, for a visitor; signed in, they are signed-in pages like any other',
  },
  { pages: ['/faxDetails/*', '/preview'], visitor: 100, signedIn: 100, what: "the viewers, before a fax's pages are drawn" },
  { pages: ['*'], visitor: 100, signedIn: 100, what: 'every other page' },
];

/**
 * Islands a page shows only to a signed-in person, left out of what a visitor loads: the layout's
 * signed-in chrome (src/layouts/AppLayout.astro: sidebar, top bar, tab bar, account menu) and a
 * member's own view of /upgrade. The browser test tests/e2e/js-budgets.test.ts fails when a
 * visitor's page names one of them, or names a file this measure does not count.
 */
export const SIGNED_IN_ISLANDS = [
  'src/components/nav/CountedNavLink.tsx',
  'src/components/live/LiveIndicator.tsx',
  'src/components/auth/SignOutButton.tsx',
  'src/components/upgrade/MemberPlans.tsx',
];

/**
 * Islands a page shows instead of one another, never together: /login shows the sign-in form (and
 * Google's button) or, opened from a mailed link, the link's own sign-in (src/pages/login.astro);
 * /settings shows one section at each address, /settings?section=… (src/pages/settings.astro).
 * Such a page is measured once per alternative and judged by the heavier; everything else a page
 * can show is counted together. tests/e2e/js-budgets.test.ts checks that a real visit names only
 * files of one alternative.
 */
export const ALTERNATIVE_ISLANDS = {
  '/login': [['src/components/auth/SignInForm.tsx', 'src/components/auth/GoogleSignIn.tsx'], ['src/components/auth/SignInWithLink.tsx']],
  '/settings': [
    ['src/components/settings/ProfilePanel.tsx'],
    ['src/components/settings/SecurityPanel.tsx'],
    ['src/components/settings/BillingPanel.tsx'],
    ['src/components/settings/NotificationsPanel.tsx'],
    ['src/components/settings/FaxMailPanel.tsx'],
    ['src/components/settings/DevelopersPanel.tsx'],
    ['src/components/settings/ThemeSwitch.tsx'],
  ],
};

/** Pages that exist only with DEV_TOOLS on, never in production: measured, never budgeted. */
export const DEV_ONLY_PAGES = ['/dev/*'];

/** Does a page pattern (`/lp/*`, `*`) name this route (`/lp/send-fax`, `/faxDetails/[faxId]`)? */
export function patternNames(/** @type {string} */ pattern, /** @type {string} */ route) {
  if (pattern === '*') return true;
  const want = pattern.split('/');
  const have = route.split('/');
  return want.length === have.length && want.every((part, i) => part === '*' || part === have[i]);
}

/** @typedef {'visitor' | 'signedIn'} Audience */

/** Who can open a route: its guard's answer (a route no rule names, like /404, is anyone's). */
export function audiencesOf(/** @type {string} */ route) {
  const rule = findRoute(route.replace(/\[[^\]]+\]/g, 'id'));
  /** @type {Audience[]} */
  const audiences =
    rule?.guard === 'auth-required' ? ['signedIn'] : rule?.guard === 'no-auth-required' ? ['visitor'] : ['visitor', 'signedIn'];
  return audiences;
}

/**
 * The visits a page is measured for: each kind of person who can open it (a prerendered page is the
 * same file for everyone), and for each its alternatives; `shown` says which islands such a visit shows.
 * @param {{ route: string, prerendered: boolean }} page
 */
export function visitsOf(page) {
  /** @type {(Audience | 'anyone')[]} */
  const audiences = page.prerendered ? ['anyone'] : audiencesOf(page.route);
  const alternatives = ALTERNATIVE_ISLANDS[/** @type {keyof typeof ALTERNATIVE_ISLANDS} */ (page.route)] ?? [[]];
  return audiences.flatMap((who) =>
    alternatives.map((chosen) => {
      const others = alternatives.flat().filter((component) => !chosen.includes(component));
      const shown = (/** @type {{ component: string }} */ island) =>
        !others.includes(island.component) && (who !== 'visitor' || !SIGNED_IN_ISLANDS.includes(island.component));
      return { who, alternative: chosen, shown };
    }),
  );
}

/** The budget of a route for an audience in KB, or null for a dev-only page. */
export function budgetFor(/** @type {string} */ route, /** @type {Audience} */ audience) {
  if (DEV_ONLY_PAGES.some((pattern) => patternNames(pattern, route))) return null;
  const rule = PAGE_BUDGETS.find((r) => r.pages.some((pattern) => patternNames(pattern, route)));
  return rule ? rule[audience] : null;
}
