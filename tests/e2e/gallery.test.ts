import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type APIRequestContext, type Page, request } from 'playwright-core';
import { assertNoSeriousAxeViolations, BASE_URL, useBrowser, waitForHydration } from './support/browser.ts';
import { contrastRatio, over, parseColor, type Rgba } from './support/contrast.ts';
import { type SeededAccount, seedAccount } from './support/seeded-account.ts';

// Every signed-in page of a user with something on each, at a phone's and a desktop's size, in
// light and dark (docs/design.md): a screenshot of each for people to look at
// (test-results/gallery/index.html), and what must hold on every one of them: nothing scrolls
// sideways, axe finds nothing in either theme, and the focus ring stands out from what it is on.

const SIZES = [
  { name: 'phone', width: 375, height: 667 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;
const GALLERY_DIR = resolve(import.meta.dirname, '../../test-results/gallery');
/** WCAG 2.2, 1.4.11 and 2.4.13: a focus indicator stands 3:1 out from what is around it. */
const FOCUS_CONTRAST = 3;
/** Tab stops looked at on each page and theme. */
const TAB_STOPS = 30;

function pagesOf(account: SeededAccount): string[] {
  return [
    '/dashboard',
    '/inbox',
    '/sent',
    '/send',
    '/trash',
    '/phonebook',
    '/settings',
    '/upgrade',
    `/faxDetails/${account.sentFaxId}`,
    `/faxDetails/${account.receivedFaxId}`,
    `/preview?faxId=${account.receivedFaxId}`,
    `/broadcast/${account.broadcastId}`,
    '/transaction?plan=PREMIUM&term=YEAR',
  ];
}

/** The document is not wider than the window: nothing on the page makes it scroll sideways. */
async function assertNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `${what} scrolls sideways: ${scroll} px wide in a ${client} px window`);
}

interface FocusStop {
  what: string;
  ring: string;
  behind: string[];
  style: string;
}

/** Tabs through the page and reads, at each stop, the ring's colour and the colours behind it. */
async function focusStops(page: Page): Promise<FocusStop[]> {
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const stops: FocusStop[] = [];
  for (let i = 0; i < TAB_STOPS; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      // Where the ring is drawn: on the element; on its ::after, for a whole-row link (list.css);
      // or around the box that holds it, for a field inside one (the To field's chips, the drop zone).
      let ringed: Element = el;
      let style = getComputedStyle(el);
      // A control hidden under its label (a radio of the term switch) is ringed by the label.
      const box = el.getBoundingClientRect();
      if (style.opacity === '0' || box.width * box.height <= 4) style = getComputedStyle(document.body);
      if (style.outlineStyle === 'none' && getComputedStyle(el, '::after').outlineStyle !== 'none') style = getComputedStyle(el, '::after');
      for (let up = 0, box = el.parentElement; style.outlineStyle === 'none' && box && up < 3; up += 1, box = box.parentElement) {
        if (getComputedStyle(box).outlineStyle !== 'none') {
          ringed = box;
          style = getComputedStyle(box);
        }
      }
      const behind: string[] = [];
      // The ring is drawn outside the element: what is behind it is its ancestors' background.
      for (let node = ringed.parentElement; node; node = node.parentElement) behind.push(getComputedStyle(node).backgroundColor);
      behind.push(getComputedStyle(document.documentElement).backgroundColor);
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
      return { what: `${el.tagName.toLowerCase()} "${name}"`, ring: style.outlineColor, behind, style: style.outlineStyle };
    });
    if (stop) stops.push(stop);
  }
  return stops;
}

/** The opaque colour the stack of backgrounds (nearest first) paints. */
function painted(stack: string[]): Rgba {
  let colour: Rgba = { r: 255, g: 255, b: 255, a: 1 };
  for (const css of [...stack].reverse()) {
    const layer = parseColor(css);
    if (layer && layer.a > 0) colour = over(layer, colour);
  }
  return colour;
}

function assertFocusRings(stops: FocusStop[], where: string): void {
  assert.ok(stops.length > 0, `${where}: Tab reached nothing`);
  for (const stop of stops) {
    assert.notEqual(stop.style, 'none', `${where}: ${stop.what} shows no focus ring`);
    const ring = parseColor(stop.ring);
    assert.ok(ring, `${where}: ${stop.what}'s ring colour ${stop.ring} is not one this test reads`);
    const ratio = contrastRatio(over(ring, painted(stop.behind)), painted(stop.behind));
    assert.ok(ratio >= FOCUS_CONTRAST, `${where}: ${stop.what}'s focus ring is ${ratio.toFixed(2)}:1 against what it is on`);
  }
}

/**
 * On a phone the chrome takes little and the lists start at once: the top bar is at
 * most 56 px, and on /inbox and /sent the first fax is whole on the first screen, above the tab bar.
 */
async function assertPhoneFirstScreen(page: Page, path: string, where: string): Promise<void> {
  const topBar = await page.locator('.topbar').boundingBox();
  assert.ok(topBar && topBar.height <= 56, `${where}: the top bar is ${topBar?.height} px high`);
  if (path !== '/inbox' && path !== '/sent') return;
  const row = await page
    .getByRole('main')
    .getByRole('link', { name: /^Open the fax/ })
    .first()
    .boundingBox();
  const tabBar = await page.locator('.tabbar').boundingBox();
  const visibleTo = tabBar?.y ?? page.viewportSize()?.height ?? 0;
  assert.ok(
    row && row.y + row.height <= visibleTo,
    `${where}: the first fax ends at ${row && row.y + row.height} px, the tab bar starts at ${visibleTo}`,
  );
}

/** The dashboard's reason to be (decision 036): the number and the pages left, whole on the first screen. */
async function assertNumberAndPagesInFirstScreen(page: Page, where: string): Promise<void> {
  const tabBar = await page.locator('.tabbar').boundingBox();
  const visibleTo = tabBar && tabBar.height > 0 ? tabBar.y : (page.viewportSize()?.height ?? 0);
  const number = await page.getByRole('region', { name: 'Your fax number' }).locator('.own-number').boundingBox();
  const pages = await page.getByRole('region', { name: 'Your plan' }).getByText('Pages left to send').boundingBox();
  for (const [what, box] of [
    ['the number', number],
    ['the pages left', pages],
  ] as const) {
    assert.ok(
      box && box.y + box.height <= visibleTo,
      `${where}: ${what} ends at ${box && box.y + box.height} px, the screen at ${visibleTo}`,
    );
  }
}

interface Shot {
  path: string;
  size: string;
  theme: string;
  file: string;
}

function writeGallery(shots: Shot[]): void {
  const rows = shots
    .map(
      (s) =>
        `<figure><a href="${s.file}"><img src="${s.file}" loading="lazy" alt=""></a><figcaption>${s.path} · ${s.size} · ${s.theme}</figcaption></figure>`,
    )
    .join('\n');
  const html = `<!doctype html><meta charset="utf-8"><title>FaxFlow gallery</title>
<style>body{font:14px system-ui;margin:24px;background:#eee}main{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
figure{margin:0;background:#fff;padding:8px;border-radius:8px}img{max-width:320px;display:block;border:1px solid #ccc}</style>
<h1>Signed-in pages, ${new Date().toISOString()}</h1><main>${rows}</main>\n`;
  writeFileSync(join(GALLERY_DIR, 'index.html'), html);
}

describe('the gallery of signed-in pages', () => {
  const browser = useBrowser();
  let sender: APIRequestContext;
  let account: SeededAccount;
  const shots: Shot[] = [];

  before(async () => {
    mkdirSync(GALLERY_DIR, { recursive: true });
    sender = await request.newContext({ baseURL: BASE_URL });
    account = await seedAccount(browser.context, sender);
  });
  after(async () => {
    await sender?.dispose();
    writeGallery(shots);
  });

  for (const theme of THEMES) {
    // Eleven pages at two sizes with axe and 30 Tab stops: well over a minute on a busy 2-core machine.
    it(`every page in ${theme}: no sideways scroll at either size, axe clean, focus rings ≥ 3:1`, { timeout: 240_000 }, async () => {
      // Each test starts signed out (useBrowser forgets cookies after each): sign in again.
      const signedIn = await browser.context.request.post('/api/login', {
        headers: { origin: BASE_URL },
        data: { email: account.email, password: account.password },
      });
      assert.equal(signedIn.status(), 200, await signedIn.text());
      const page = await browser.newPage();
      await page.emulateMedia({ colorScheme: theme });
      for (const path of pagesOf(account)) {
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await page.goto(path);
          await waitForHydration(page);
          const where = `${path} at ${size.width}×${size.height} in ${theme}`;
          await assertNoSidewaysScroll(page, where);
          const file = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${size.name}-${theme}.png`;
          await page.screenshot({ path: join(GALLERY_DIR, file) });
          shots.push({ path, size: `${size.width}×${size.height}`, theme, file });
          if (size.name === 'phone') await assertPhoneFirstScreen(page, path, where);
          if (path === '/dashboard') await assertNumberAndPagesInFirstScreen(page, where);
          if (size.name === 'desktop') {
            await assertNoSeriousAxeViolations(page, { everyImpact: true });
            assertFocusRings(await focusStops(page), where);
          }
        }
      }
    });
  }
});
