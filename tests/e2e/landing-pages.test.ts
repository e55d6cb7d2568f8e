import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoSeriousAxeViolations, BASE_URL, signUpThroughUi, useBrowser, visit, waitForHydration } from './support/browser.ts';

// The landing pages of ad campaigns (issue 12): six distinct prerendered pages with no client
// framework, their own titles and links, a way into the funnel, and a layout that fits a 375 px
// phone as well as a desktop. Then every page of the product is walked at both widths.

const LANDING_PAGES = [
  { path: '/lp/receive-fax', funnel: '/reserveNumber' },
  { path: '/lp/receive-fax2', funnel: '/reserveNumber' },
  { path: '/lp/receive-fax3', funnel: '/reserveNumber' },
  { path: '/lp/receive-fax4', funnel: '/reserveNumber' },
  { path: '/lp/receive-fax5', funnel: '/reserveNumber' },
  { path: '/lp/send-fax', funnel: '/send' },
] as const;

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** Fails when the page is wider than the window (the user would have to scroll sideways). */
async function assertNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${label}: ${scrollWidth} px of content in a ${clientWidth} px window`);
}

async function meta(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).first().getAttribute('content');
}

describe('landing pages', () => {
  const browser = useBrowser();

  it('each answers with its own title, description, canonical link and social tags, and no script', async () => {
    const page = await browser.newPage();
    const seen = new Set<string>();
    for (const { path, funnel } of LANDING_PAGES) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      const title = await page.title();
      const description = await meta(page, 'meta[name="description"]');
      assert.ok(title.endsWith('· FaxFlow') && description && description.length > 50, `${path}: title and description`);
      assert.ok(!seen.has(title) && !seen.has(description!), `${path} says something of its own`);
      seen.add(title).add(description!);
      assert.ok((await page.locator('link[rel="canonical"]').getAttribute('href'))?.endsWith(path), `${path}: canonical`);
      assert.ok(await meta(page, 'meta[property="og:title"]'), `${path}: og:title`);
      assert.equal(await meta(page, 'meta[name="twitter:card"]'), 'summary');
      // No client framework and no script file: the attribution tracker is written inline.
      assert.equal(await page.locator('script[src], astro-island').count(), 0, `${path} loads no script file`);
      await page.waitForFunction(() => document.documentElement.dataset.attribution === 'saved');
      assert.equal(await page.locator('h1').count(), 1, `${path} has one heading`);
      assert.ok((await page.locator(`main a[href="${funnel}"]`).count()) > 0, `${path} leads into ${funnel}`);
    }
  });

  it('fit a 375 px phone and a desktop without sideways scrolling, and pass axe at both', async () => {
    const page = await browser.newPage();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const { path } of LANDING_PAGES) {
        await visit(page, path);
        await assertNoSidewaysScroll(page, `${path} at ${size.width} px`);
        await assertNoSeriousAxeViolations(page, { everyImpact: true });
      }
    }
  });

  it('state the prices the plans page states, and their button reaches the number picker', async () => {
    const page = await browser.newPage();
    const options = (await (await fetch(`${BASE_URL}/api/options`)).json()) as {
      plans: { level: string; term: string; priceCents: number }[];
    };
    const basic = options.plans.find((p) => p.level === 'BASIC' && p.term === 'MONTH')!;
    await visit(page, '/lp/receive-fax');
    const dollars = `$${(basic.priceCents / 100).toFixed(2)} a month`;
    await page.getByText(dollars).first().waitFor();
    await page.getByRole('link', { name: 'Choose your fax number' }).first().click();
    await page.waitForURL(/\/reserveNumber$/);
  });
});

describe('every page at phone and desktop width', () => {
  const browser = useBrowser();
  const SIGNED_OUT = ['/login', '/login?mode=signup', '/recover', '/upgrade', '/reserveNumber', '/welcome', '/no-such-page'];
  const SIGNED_IN = ['/dashboard', '/send', '/sent', '/inbox', '/settings', '/upgrade', '/reserveNumber', '/onboarding', '/welcome'];

  it('no page scrolls sideways, signed out or signed in, and every page passes axe', async () => {
    browser.expectConsoleErrors(/status of 404 .*\[at .*\/no-such-page\]$/);
    const page = await browser.newPage();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const path of SIGNED_OUT) {
        await page.goto(path);
        await assertNoSidewaysScroll(page, `${path} at ${size.width} px, signed out`);
        if (size === PHONE) await assertNoSeriousAxeViolations(page);
      }
    }
    await page.setViewportSize(DESKTOP);
    await signUpThroughUi(page, { label: 'widths' });
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const path of SIGNED_IN) {
        await page.goto(path);
        await assertNoSidewaysScroll(page, `${path} at ${size.width} px, signed in`);
        if (size === PHONE) {
          await waitForHydration(page);
          await assertNoSeriousAxeViolations(page);
        }
      }
    }
  });
});
