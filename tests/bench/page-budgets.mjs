// The JavaScript budget of every page (issue 16): KB (1,024 bytes) of gzip, the script files a page
// loads before anyone does anything (docs/decisions/031). The first rule that names a page is its
// budget; `*` in a path stands for one segment (a fax id).

/** @type {readonly { pages: readonly string[], kb: number, what: string }[]} */
export const PAGE_BUDGETS = [
  { pages: ['/', '/lp/*'], kb: 0, what: 'landing pages: no script file at all' },
  { pages: ['/login', '/recover', '/upgrade', '/reserveNumber'], kb: 80, what: 'the ways in for visitors' },
  { pages: ['/faxDetails/*', '/preview'], kb: 100, what: "the viewers, before a fax's pages are drawn (pdf.js comes when a fax opens)" },
  { pages: ['*'], kb: 100, what: 'every other page, the signed-in ones' },
];

/** Pages that exist only with DEV_TOOLS on, never in production: measured, never budgeted. */
export const DEV_ONLY_PAGES = ['/dev/*'];

/** Does a page pattern (`/lp/*`, `*`) name this route (`/lp/send-fax`, `/faxDetails/[faxId]`)? */
export function patternNames(pattern, route) {
  if (pattern === '*') return true;
  const want = pattern.split('/');
  const have = route.split('/');
  return want.length === have.length && want.every((part, i) => part === '*' || part === have[i]);
}

/** The budget of a route in KB, or null for a dev-only page. */
export function budgetFor(route) {
  if (DEV_ONLY_PAGES.some((pattern) => patternNames(pattern, route))) return null;
  return PAGE_BUDGETS.find((rule) => rule.pages.some((pattern) => patternNames(pattern, route)))?.kb ?? null;
}
