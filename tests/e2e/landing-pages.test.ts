import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoSeriousAxeViolations, BASE_URL, signUp, useBrowser, visit, waitForHydration } from './support/browser.ts';

// The landing pages of ad campaigns (decision 038): six distinct prerendered pages with no client
// framework, their own titles and links, a way into the funnel, the price or the free pages in a
// phone's first screen, a picture of the product, what protects documents and who runs the
// service, and a layout that fits a 375 px phone as well as a desktop. Then every page of the
// product is walked at both widths.

const LANDING_PAGES = [
  { path: '/lp/receive-fax', funnel: '/reserveNumber' },
  { path: '/lp/receive-fax2', funnel: '/reserveNumber' },
  { path: '/lp/receive-fax3', funnel: '/reserveNumber' },
  { path: '/lp/receive-fax4', funnel: '/reserveNumber' },
  { path: '/lp/receive-fax5', funnel: '/reserveNumber' },
  // Sign-up, not sign-in, on its way to /send (decision 039).
  { path: '/lp/send-fax', funnel: '/login?mode=signup&redirect=%2Fsend' },
] as const;

interface Options {
  plans: { level: string; term: string; priceCents: number; trialDays: number | null }[];
  free: { send: number };
}

async function readOptions(): Promise<Options> {
  return (await (await fetch(`${BASE_URL}/api/options`)).json()) as Options;
}

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

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
      // The visitor's header: the plans, and a way to sign in (the sign-in face of /login).
      const header = page.getByRole('navigation', { name: 'Main' });
      await header.getByRole('link', { name: 'Plans' }).waitFor();
      assert.equal(await header.getByRole('link', { name: 'Sign in' }).getAttribute('href'), '/login?mode=signin');
      // A picture of the product (an inline SVG of the app), what protects documents, questions answered.
      assert.ok((await page.locator('main svg[role="img"]').count()) > 0, `${path} shows the product`);
      await page.getByRole('heading', { name: 'Built for documents that matter' }).waitFor();
      assert.ok((await page.locator('main details > summary').count()) >= 4, `${path} answers questions`);
    }
  });

  it('say the price or the free pages in the first screen of a phone, the trial in the hero', async () => {
    const options = await readOptions();
    const lowest = Math.min(...options.plans.filter((p) => p.term === 'MONTH').map((p) => p.priceCents));
    const trialDays = options.plans.find((p) => p.trialDays !== null)?.trialDays;
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    for (const { path } of LANDING_PAGES) {
      await page.goto(path);
      const offer =
        path === '/lp/send-fax'
          ? page.getByText(`${options.free.send} free pages to send`)
          : page.getByText(`From ${dollars(lowest)} a month`);
      const box = await offer.first().boundingBox();
      assert.ok(box && box.y + box.height <= 667, `${path}: the offer is in the first screen (${JSON.stringify(box)})`);
      if (path !== '/lp/send-fax') {
        const trial = await page.locator('.hero').getByText(`${trialDays}-day free trial`).first().boundingBox();
        assert.ok(trial && trial.y + trial.height <= 667, `${path}: the trial is in the hero's first screen`);
      }
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

  it('state the prices the plans page states, yearly as what it saves, one plan marked, and reach the number picker', async () => {
    const options = await readOptions();
    const price = (level: string, term: string): number => options.plans.find((p) => p.level === level && p.term === term)!.priceCents;
    const page = await browser.newPage();
    await visit(page, '/lp/receive-fax');
    const basic = page.locator('.plan-card').filter({ has: page.getByRole('heading', { name: 'Basic' }) });
    await basic.getByText(dollars(price('BASIC', 'MONTH')), { exact: true }).waitFor();
    await basic.getByText(`or ${dollars(price('BASIC', 'YEAR'))} a year`).waitFor();
    // "2 months free" only when a year costs exactly ten months (the seeded prices do).
    const saved = price('BASIC', 'MONTH') * 12 - price('BASIC', 'YEAR');
    const months = saved / price('BASIC', 'MONTH');
    await basic.getByText(Number.isInteger(months) ? `${months} months free` : `save ${dollars(saved)}`).waitFor();
    assert.equal(await page.getByText('Most chosen', { exact: true }).count(), 1, 'one plan is the most chosen');
    await page.getByRole('link', { name: 'Choose your fax number' }).first().click();
    await page.waitForURL(/\/reserveNumber$/);
  });
});

describe('every page at phone and desktop width', () => {
  const browser = useBrowser();
  const SIGNED_OUT = [
    '/login',
    '/login?mode=signin',
    '/login?mode=signup&redirect=%2Fsend',
    '/recover',
    '/signInCheck',
    '/upgrade',
    '/reserveNumber',
    '/welcome',
    '/terms',
    '/privacy',
    '/no-such-page',
  ];
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
    await signUp(page, { label: 'widths' });
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
