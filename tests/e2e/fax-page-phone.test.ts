import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { assertNoSeriousAxeViolations, limitWaitingForFaxes, signUp, useBrowser, visit, waitForHydration } from './support/browser.ts';
import { sendFaxFrom, waitForSendCredits, waitForSentFaxesDone } from './support/faxes.ts';
import { openFaxActions, waitForInk, zoomShown } from './support/viewer.ts';

// A fax's page on a 375×667 phone: the page of the fax is in the first screen
// (no facts above it), a swipe turns the page, two fingers pinch the zoom, a double tap zooms in,
// "2 / 3" says where one is, the viewer's tools are a sheet, the facts are a "Details" link away,
// and the "⋯" menu's items work; axe finds nothing serious in light or dark.

const PHONE = { width: 375, height: 667 };
const TAB_BAR = 60;
const TO_NUMBER = '(212) 555-0123';

type Finger = { id: number; from: [number, number]; to: [number, number] };

/**
 * Moves touch pointers over the page view as fingers would, in steps, each from and to a point
 * given from the view's centre: what the viewer's pointer listeners see of a swipe or a pinch.
 */
async function touch(view: Locator, fingers: Finger[]): Promise<void> {
  await view.evaluate((element, moves) => {
    const box = element.getBoundingClientRect();
    const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    const fire = (type: string, finger: (typeof moves)[number], share: number): void => {
      const x = centre.x + finger.from[0] + (finger.to[0] - finger.from[0]) * share;
      const y = centre.y + finger.from[1] + (finger.to[1] - finger.from[1]) * share;
      const init = { pointerId: finger.id, pointerType: 'touch', isPrimary: finger === moves[0], clientX: x, clientY: y, bubbles: true };
      element.dispatchEvent(new PointerEvent(type, init));
    };
    for (const finger of moves) fire('pointerdown', finger, 0);
    for (let step = 1; step <= 6; step += 1) for (const finger of moves) fire('pointermove', finger, step / 6);
    for (const finger of moves) fire('pointerup', finger, 1);
  }, fingers);
}

async function openDeliveredFax(page: Page, pages: number): Promise<string> {
  await signUp(page, { label: 'fax-page-phone' });
  await waitForSendCredits(page, 10);
  const faxId = await sendFaxFrom(page, TO_NUMBER, pages);
  await waitForSentFaxesDone(page, 1);
  await page.setViewportSize(PHONE);
  await visit(page, `/faxDetails/${faxId}`);
  await waitForHydration(page);
  return faxId;
}

describe('a fax’s page on a phone', () => {
  const browser = useBrowser();

  it(
    'shows the page first, turns pages by swiping, zooms by pinching and double tapping, and keeps the tools a tap away',
    limitWaitingForFaxes(1),
    async () => {
      const page = await browser.newPage();
      await openDeliveredFax(page, 3);
      const viewer = page.getByRole('region', { name: `Fax to ${TO_NUMBER}` });
      const firstPage = viewer.getByRole('img', { name: 'Page 1' });
      assert.ok((await waitForInk(firstPage)) > 100, 'page 1 is drawn');

      // The page is in the first screen, above the tab bar, with no facts above it.
      const pageBox = await firstPage.boundingBox();
      assert.ok(pageBox, 'the page has a box');
      assert.ok(pageBox.y + 200 <= PHONE.height - TAB_BAR, `200 px of the page are in the first screen (it starts at ${pageBox.y})`);
      const details = await page.getByRole('heading', { name: 'Details', exact: true }).boundingBox();
      assert.ok(details && details.y > pageBox.y, 'the facts come after the page');
      assert.equal(await viewer.getByRole('navigation', { name: 'Page thumbnails' }).isVisible(), false, 'no thumbnails on a phone');
      await viewer.getByText('1 / 3', { exact: true }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'nothing scrolls sideways');
      await assertNoSeriousAxeViolations(page);

      // A swipe to the left turns to the next page, one to the right back; an upright one does not.
      const view = viewer.getByRole('region', { name: 'Page view' });
      await touch(view, [{ id: 1, from: [120, 0], to: [-120, 10] }]);
      await viewer.getByText('2 / 3', { exact: true }).waitFor();
      await viewer.getByRole('img', { name: 'Page 2' }).waitFor();
      await touch(view, [{ id: 2, from: [-120, 0], to: [120, 0] }]);
      await viewer.getByText('1 / 3', { exact: true }).waitFor();
      await touch(view, [{ id: 3, from: [0, 100], to: [30, -100] }]);
      assert.equal(await viewer.getByText('1 / 3', { exact: true }).count(), 1, 'an upright move scrolls, it does not turn');
      // The buttons still turn pages.
      await viewer.getByRole('button', { name: 'Next page' }).click();
      await viewer.getByText('2 / 3', { exact: true }).waitFor();
      await viewer.getByRole('button', { name: 'Previous page' }).click();
      await viewer.getByText('1 / 3', { exact: true }).waitFor();

      // Two fingers spreading zoom in; a double tap goes back to the width, another doubles it.
      const fitted = await zoomShown(viewer);
      await touch(view, [
        { id: 4, from: [-30, 0], to: [-90, 0] },
        { id: 5, from: [30, 0], to: [90, 0] },
      ]);
      await viewer.getByRole('region', { name: 'Page view' }).and(page.locator('.pannable')).waitFor();
      const pinched = await zoomShown(viewer);
      assert.ok(pinched >= fitted * 2.5, `a pinch spread threefold zooms from ${fitted}% to ${pinched}%`);
      for (const _ of [1, 2]) await touch(view, [{ id: 6, from: [0, 0], to: [0, 0] }]);
      await page.waitForFunction(() => !document.querySelector('.viewer-page-view.pannable'));
      assert.equal(await zoomShown(viewer), fitted, 'a double tap comes back to the width');
      for (const _ of [1, 2]) await touch(view, [{ id: 7, from: [0, 0], to: [0, 0] }]);
      await viewer.getByRole('region', { name: 'Page view' }).and(page.locator('.pannable')).waitFor();
      const doubled = await zoomShown(viewer);
      assert.ok(Math.abs(doubled - fitted * 2) <= 1, `a double tap doubles the width (${fitted}% to ${doubled}%)`);

      // Zoom, rotate, download and print are a sheet behind "More tools".
      await viewer.getByRole('button', { name: 'More tools' }).click();
      const tools = page.getByRole('group', { name: 'More tools' });
      await tools.getByRole('button', { name: 'Fit width' }).click();
      assert.equal(await zoomShown(viewer), fitted);
      assert.equal(await tools.getByRole('link', { name: 'Download' }).getAttribute('download'), 'for-the-inbox.pdf');
      await assertNoSeriousAxeViolations(page);
      await tools.getByRole('button', { name: 'Rotate clockwise' }).click();
      assert.equal(await tools.isVisible(), false, 'the sheet goes once a tool is used');

      // The facts are a link away.
      await viewer.getByRole('link', { name: 'Details' }).click();
      await page.waitForURL(/#fax-details$/);
      const heading = await page.getByRole('heading', { name: 'Details', exact: true }).boundingBox();
      assert.ok(heading && heading.y >= 0 && heading.y < PHONE.height, 'the details are on screen');
    },
  );

  it(
    'offers every action in one menu: the first beside it, the trash with an Undo, a new fax to the number',
    limitWaitingForFaxes(1),
    async () => {
      const page = await browser.newPage();
      await openDeliveredFax(page, 1);

      // Downloading the fax is the first action; the rest are in the "⋯" menu, a sheet on a phone.
      const header = page.locator('.fax-header');
      assert.match((await header.getByRole('link', { name: 'Download', exact: true }).getAttribute('href')) ?? '', /\/document$/);
      let menu = await openFaxActions(page);
      const items = ['Download the delivery confirmation', 'Send again', 'Send a fax to this number', 'Add to phonebook', 'Move to trash'];
      assert.equal(await menu.getByRole('menuitem').count(), items.length);
      for (const [index, name] of items.entries()) {
        await menu.getByRole('menuitem', { name, exact: true }).and(menu.getByRole('menuitem').nth(index)).waitFor();
      }
      // The focus starts on the first item and the arrow keys move it.
      await page.waitForFunction(() => document.activeElement?.textContent === 'Download the delivery confirmation');
      await page.keyboard.press('ArrowDown');
      await menu.getByRole('menuitem', { name: 'Send again' }).and(page.locator(':focus')).waitFor();
      await page.emulateMedia({ colorScheme: 'dark' });
      await assertNoSeriousAxeViolations(page);
      await page.emulateMedia({ colorScheme: 'light' });

      // Trashed, said in a toast with an Undo, and undone.
      await menu.getByRole('menuitem', { name: 'Move to trash' }).click();
      assert.equal(await menu.isVisible(), false, 'the menu closes once an item is chosen');
      await page.getByText(/This fax is in the trash\. It will be deleted forever on/).waitFor();
      await page.getByRole('status').filter({ hasText: 'Moved to the trash.' }).waitFor();
      await header.getByRole('button', { name: 'Restore from trash' }).waitFor();
      menu = await openFaxActions(page);
      await menu.getByRole('menuitem', { name: 'Delete forever' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('status').filter({ hasText: 'Restored to your history.' }).waitFor();
      await page.getByText(/This fax is in the trash/).waitFor({ state: 'detached' });
      await header.getByRole('link', { name: 'Download', exact: true }).waitFor();

      // A new fax to the same number, and a fax deleted for good, once asked.
      menu = await openFaxActions(page);
      assert.equal(await menu.getByRole('menuitem', { name: 'Send a fax to this number' }).getAttribute('href'), '/send?to=%2B12125550123');
      await menu.getByRole('menuitem', { name: 'Move to trash' }).click();
      await (await openFaxActions(page)).getByRole('menuitem', { name: 'Delete forever' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Delete this fax forever?' });
      await ask.getByText('Its document is deleted too. This cannot be undone.').waitFor();
      await assertNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
      await ask.waitFor({ state: 'hidden' });
      await (await openFaxActions(page)).getByRole('menuitem', { name: 'Delete forever' }).click();
      await ask.getByRole('button', { name: 'Yes, delete forever' }).click();
      await page.waitForURL(/\/trash$/);
    },
  );

  it('says why a fax failed and what to do, and sends it again from the first action', limitWaitingForFaxes(1), async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'fax-page-failed' });
    await waitForSendCredits(page, 10);
    // Not a fax machine: fails at once (docs/api.md).
    const faxId = await sendFaxFrom(page, '(646) 555-0003', 1);
    await waitForSentFaxesDone(page, 1);
    await page.setViewportSize(PHONE);
    await visit(page, `/faxDetails/${faxId}`);
    await waitForHydration(page);

    const failure = page.getByRole('region', { name: 'Why it failed' });
    await failure.getByRole('heading', { name: 'Not a fax machine' }).waitFor();
    await failure.getByRole('heading', { name: 'What to do next' }).waitFor();
    await page.getByRole('region', { name: 'Status' }).getByText('Failed: Not a fax machine').waitFor();
    await assertNoSeriousAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertNoSeriousAxeViolations(page);

    await page.locator('.fax-header').getByRole('button', { name: 'Send again' }).click();
    await page.waitForURL((url) => /^\/faxDetails\/(?:[0-9a-f-]{36}|[\w-]{55})$/.test(url.pathname) && !url.pathname.endsWith(faxId));
  });
});
