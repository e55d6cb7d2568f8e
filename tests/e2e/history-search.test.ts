import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { launchAnotherBrowser } from './support/another-browser.ts';
import {
  assertNoSeriousAxeViolations,
  confirmEmailFromOutbox,
  FAX_TIMEOUT_MS,
  limitWaitingForFaxes,
  liveIndicator,
  signUp,
  UI_TIMEOUT_MS,
  useBrowser,
  visit,
  waitForHydration,
} from './support/browser.ts';
import { giveOwnNumber, sendFaxFrom, waitForSendCredits, waitForSentFaxesDone } from './support/faxes.ts';

// Searching the history (decision 027; the list first) as a person does on /sent and
// /inbox: a number typed any way in the search field, a status, days and unread only in the
// "Filters" panel, combined, each shown as a chip that removes it; kept in the address through a
// reload; "nothing matched" rather than "no faxes yet"; live changes that never bring in a fax the
// filters leave out; and the search, its panel and its chips fit a 375 px phone and pass axe.

const FREE_SEND_CREDITS = 10;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The numbers in the list's rows, top to bottom (no contact has them, so each row is named by its number). */
async function numbersShown(page: Page, table: string): Promise<string[]> {
  return page.getByRole('table', { name: table }).locator('tbody tr .party-name').allInnerTexts();
}

/** Opens the "Filters" panel of a search bar; answers it. */
async function openFilters(bar: Locator): Promise<Locator> {
  await bar.getByRole('button', { name: /^Filters/ }).click();
  const panel = bar.getByRole('dialog', { name: 'Filters' });
  await panel.waitFor();
  return panel;
}

/** The chips of the filters set, as they read. */
async function chips(bar: Locator): Promise<string[]> {
  const list = bar.getByRole('list', { name: 'Active filters' });
  return (await list.count()) === 0 ? [] : (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
}

/** Waits for the list to say how many it shows, then answers the numbers shown. */
async function found(page: Page, table: string, count: number): Promise<string[]> {
  await page
    .getByRole('status')
    .filter({ hasText: `Showing ${count} of ${count} found` })
    .waitFor();
  const numbers = await numbersShown(page, table);
  assert.equal(numbers.length, count);
  return numbers.map((text) => text.trim());
}

async function assertNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${label}: ${scrollWidth} px of content in a ${clientWidth} px window`);
}

function day(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe('searching the history', () => {
  const browser = useBrowser();

  it(
    'on /sent: by number typed any way, status and days, kept in the address, live, and at phone width',
    limitWaitingForFaxes(3),
    async () => {
      const page = await browser.newPage();
      const account = await signUp(page, { label: 'search-sent' });
      await confirmEmailFromOutbox(page, account.email);
      await waitForSendCredits(page, FREE_SEND_CREDITS);
      for (const number of ['(212) 555-0123', '(212) 555-0124', '(312) 555-0123', '(212) 555-0003']) await sendFaxFrom(page, number, 1);
      await waitForSentFaxesDone(page, 4);

      await visit(page, '/sent');
      await waitForHydration(page);
      await liveIndicator(page, 'Connected').waitFor();
      const bar = page.getByRole('search', { name: 'Search sent faxes' });
      const text = bar.getByLabel('Search by number or name');
      const status = bar.getByLabel('Status');
      await page.getByText('Showing 4 of 4').waitFor();

      // A whole number, however typed, is that number; part of one finds every number holding it.
      await text.fill('212.555.0123');
      assert.deepEqual(await found(page, 'Sent faxes', 1), ['(212) 555-0123']);
      assert.equal(new URL(page.url()).search, '?q=212.555.0123');
      await text.fill('+1 212 555 0123');
      assert.deepEqual(await found(page, 'Sent faxes', 1), ['(212) 555-0123']);
      await text.fill('5550123');
      assert.deepEqual((await found(page, 'Sent faxes', 2)).sort(), ['(212) 555-0123', '(312) 555-0123']);

      // Combined with a status, set in the panel: nothing matches, and the page says so (not "no faxes yet").
      const panel = await openFilters(bar);
      await status.selectOption({ label: 'Failed' });
      await page.getByText('No faxes match these filters').waitFor();
      await bar.getByRole('button', { name: 'Filters 1 active' }).waitFor();
      await panel.getByRole('button', { name: 'Done' }).click();
      await panel.waitFor({ state: 'hidden' });
      assert.deepEqual(await chips(bar), ['Failed']);
      assert.equal(await page.getByText('You have not sent a fax yet.').count(), 0);
      await text.fill('');
      assert.deepEqual(await found(page, 'Sent faxes', 1), ['(212) 555-0003']);
      assert.equal(new URL(page.url()).search, '?status=failed');

      // A reload, or the link shared, shows the same list with the same filters.
      await page.reload();
      await waitForHydration(page);
      assert.deepEqual(await found(page, 'Sent faxes', 1), ['(212) 555-0003']);
      assert.equal(await status.inputValue(), 'failed');
      assert.deepEqual(await chips(bar), ['Failed']);
      await liveIndicator(page, 'Connected').waitFor();

      // Live: a fax the filters leave out never comes in; one they find does, at the top.
      await sendFaxFrom(page, '(415) 555-0190', 1);
      await waitForSentFaxesDone(page, 5);
      await sendFaxFrom(page, '(646) 555-0003', 1);
      await waitForSentFaxesDone(page, 6);
      assert.deepEqual(await found(page, 'Sent faxes', 2), ['(646) 555-0003', '(212) 555-0003']);

      // Days, in the viewer's own time zone: since tomorrow finds nothing, yesterday to today all.
      const days = await openFilters(bar);
      await days.getByLabel('Date from').fill(day(1));
      await page.getByText('No faxes match these filters').waitFor();
      await days.getByLabel('Date from').fill(day(-1));
      await days.getByLabel('until').fill(day(0));
      await found(page, 'Sent faxes', 2);
      await bar.getByRole('button', { name: 'Filters 3 active' }).waitFor();
      await assertNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
      await days.waitFor({ state: 'hidden' });
      assert.equal((await chips(bar)).length, 3);

      // A chip takes its filter away: without the first day, still both.
      const fromChip = (await chips(bar)).find((chip) => chip.startsWith('Date from'))!;
      await bar.getByRole('button', { name: `Remove filter: ${fromChip}` }).click();
      await found(page, 'Sent faxes', 2);
      assert.ok(!new URL(page.url()).searchParams.has('from'));
      assert.equal(new URL(page.url()).searchParams.get('to'), day(0));

      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await assertNoSidewaysScroll(page, `/sent with filters at ${size.width} px`);
        await assertNoSeriousAxeViolations(page);
      }
      // On a phone the panel is a sheet from the bottom, within the screen.
      await page.setViewportSize(PHONE);
      const sheet = await openFilters(bar);
      const box = await sheet.boundingBox();
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= PHONE.width && Math.abs(box.y + box.height - PHONE.height) <= 1,
        JSON.stringify(box),
      );
      await assertNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
      await page.setViewportSize(DESKTOP);

      await bar.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByText('Showing 6 of 6').waitFor();
      assert.equal(new URL(page.url()).search, '');
      assert.equal(await text.inputValue(), '');
      assert.deepEqual(await chips(bar), []);
    },
  );

  it(
    'on /inbox: unread only, a number and a status; marking a fax read takes it out of the unread list',
    limitWaitingForFaxes(2),
    async () => {
      const page = await browser.newPage();
      await signUp(page, { label: 'search-inbox' });
      const number = await giveOwnNumber(page);
      const sender = await launchAnotherBrowser();
      try {
        const senderPage = await sender.context.newPage();
        await signUp(senderPage, { label: 'search-sender' });
        await waitForSendCredits(senderPage, FREE_SEND_CREDITS);
        await sendFaxFrom(senderPage, number, 1);
        await sendFaxFrom(senderPage, number, 2);
        await senderPage.close();
        assert.deepEqual(sender.consoleErrors, []);
      } finally {
        await sender.close();
      }

      await visit(page, '/inbox?unread=true');
      await waitForHydration(page);
      const bar = page.getByRole('search', { name: 'Search received faxes' });
      const unreadOnly = bar.getByLabel('Unread only', { exact: true });
      assert.equal(await unreadOnly.isChecked(), true, 'the address sets the filter');
      // Two faxes to arrive, one after the other on the receiving line: a fax's time each.
      await page
        .getByRole('status')
        .filter({ hasText: 'Showing 2 of 2 found' })
        .waitFor({ timeout: FAX_TIMEOUT_MS * 2 });
      assert.deepEqual(await chips(bar), ['Unread only']);
      await liveIndicator(page, 'Connected').waitFor();

      // The sender had no number of their own, so both came from the shared one: part of it finds both.
      await bar.getByLabel('Search by number or name').fill('800555');
      assert.deepEqual(await found(page, 'Received faxes', 2), ['(800) 555-0100', '(800) 555-0100']);

      // Read (from the row's menu), it is no longer unread: it leaves the list, and the count with it.
      await page
        .getByRole('button', { name: /^More actions: the fax from / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Mark as read' }).click();
      await found(page, 'Received faxes', 1);

      await openFilters(bar);
      await bar.getByLabel('Status').selectOption({ label: 'Arriving' });
      await page.getByText('No faxes match these filters').waitFor();
      assert.equal(new URL(page.url()).search, '?q=800555&status=receiving&unread=true');
      await page.keyboard.press('Escape');

      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await assertNoSidewaysScroll(page, `/inbox with filters at ${size.width} px`);
        await assertNoSeriousAxeViolations(page);
      }

      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await page.getByText('Showing 2 of 2', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      assert.equal(await unreadOnly.isChecked(), false);
      assert.equal(new URL(page.url()).search, '');
    },
  );
});
