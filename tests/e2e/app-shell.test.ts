import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Request, Route } from 'playwright-core';
import { assertNoSeriousAxeViolations, signOutFromMenu, signUp, useBrowser, visit, waitForPath } from './support/browser.ts';

// The app shell (spec §2, §9; decision 021): pages likely to come next are prefetched one
// second after load, at most 4 requests at once and none on a slow-2g connection; a new build's
// id in builds/latest.json offers a reload, guarded to once in 10 seconds; sign-out forgets the
// user's state in storage.

const isPrefetch = (request: Request): boolean => request.headers().purpose === 'prefetch';

/** Counts the page's prefetch requests and the most that were under way at once. */
function watchPrefetches(page: Page): { total(): number; most(): number; urls(): string[] } {
  const urls: string[] = [];
  let inFlight = 0;
  let most = 0;
  page.on('request', (request) => {
    if (!isPrefetch(request)) return;
    urls.push(new URL(request.url()).pathname);
    inFlight += 1;
    most = Math.max(most, inFlight);
  });
  const ended = (request: Request): void => {
    if (isPrefetch(request)) inFlight -= 1;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return { total: () => urls.length, most: () => most, urls: () => urls };
}

/** Holds every prefetch answer a moment, so that requests overlap whenever the page lets them. */
async function slowDownPrefetches(page: Page): Promise<void> {
  await page.route('**/*', async (route: Route) => {
    if (!isPrefetch(route.request())) return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await route.fulfill({ response });
  });
}

async function prefetchState(page: Page, state: string): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.dataset.prefetch === expected, state);
}

/** Brings the tab "back into focus", as switching to it would, and waits for that check to end. */
async function focusAndCheck(page: Page): Promise<void> {
  const before = await page.evaluate(() => Number(document.documentElement.dataset.buildChecks ?? '0'));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForFunction((count) => Number(document.documentElement.dataset.buildChecks ?? '0') > count, before);
}

describe('the app shell', () => {
  const browser = useBrowser();

  it('prefetches the pages likely to come next, never more than 4 requests at once', async () => {
    const firstTab = await browser.newPage();
    await signUp(firstTab, { label: 'shell-prefetch' });
    // A new tab: nothing prefetched in it yet.
    const page = await browser.newPage();
    const prefetches = watchPrefetches(page);
    await slowDownPrefetches(page);
    await visit(page, '/dashboard');
    await prefetchState(page, 'done');
    const pages = prefetches.urls().filter((path) => !path.startsWith('/_astro/'));
    for (const path of ['/send', '/sent', '/inbox', '/upgrade', '/settings']) assert.ok(pages.includes(path), `${path} prefetched`);
    assert.ok(!pages.includes('/dashboard'), 'not the page itself');
    assert.ok(prefetches.total() > 4, `enough to need the limit (${prefetches.total()})`);
    assert.ok(prefetches.most() <= 4, `at most 4 at once, saw ${prefetches.most()}`);
    assert.ok(prefetches.most() >= 2, 'they do run side by side');

    // Prefetched in this tab already: the next page does not read them again.
    const again = watchPrefetches(page);
    await visit(page, '/send');
    await prefetchState(page, 'done');
    assert.deepEqual(
      again.urls().filter((path) => ['/sent', '/inbox', '/upgrade', '/settings'].includes(path)),
      [],
    );

    // Sign-out forgets what this user's pages were.
    const record = (): Promise<string | null> => page.evaluate(() => window.sessionStorage.getItem('faxflow.user.prefetched'));
    assert.match((await record()) ?? '', /"\/sent"/);
    await signOutFromMenu(page);
    await waitForPath(page, '/login');
    assert.doesNotMatch((await record()) ?? '', /"\/sent"/);
  });

  it('prefetches nothing on a slow-2g connection', async () => {
    const firstTab = await browser.newPage();
    await signUp(firstTab, { label: 'shell-slow' });
    const page = await browser.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ effectiveType: 'slow-2g', saveData: false }),
      });
    });
    const prefetches = watchPrefetches(page);
    await visit(page, '/dashboard');
    await prefetchState(page, 'off');
    assert.equal(prefetches.total(), 0);
  });

  it('offers a reload when the build changes, and not otherwise; a reload is guarded for 10 s', async () => {
    const page = await browser.newPage();
    await visit(page, '/login');
    // The offer is in the page from the start, hidden: only its visibility says it is offered.
    const offer = page.getByText('A new version of FaxFlow is ready.');

    // The same build: nothing is offered.
    await focusAndCheck(page);
    assert.equal(await offer.isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Reload' }).count(), 0);

    // A new build's id.
    const polls: string[] = [];
    await page.route('**/builds/latest.json*', (route) => {
      polls.push(route.request().url());
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ id: 'a-newer-build' }) });
    });
    await focusAndCheck(page);
    await offer.waitFor();
    assert.equal(await page.getByRole('status').filter({ has: offer }).count(), 1, 'announced: it is in a live region');
    assert.match(polls[0] ?? '', /\/builds\/latest\.json\?t=\d+$/, 'asked with a timestamp, past any cache');
    await assertNoSeriousAxeViolations(page);

    // Reload: the page loads again, and the time of it is kept for the guard.
    await page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    assert.equal(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false), false);
    assert.match((await page.evaluate(() => window.sessionStorage.getItem('faxflow.shell.reloadAt'))) ?? '', /^\d+$/);

    // Still a different id right after it (a cache served the old page): no second offer, no loop.
    await focusAndCheck(page);
    assert.equal(await offer.isVisible(), false);
  });
});
