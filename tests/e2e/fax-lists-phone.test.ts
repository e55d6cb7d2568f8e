import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  assertNoSeriousAxeViolations,
  BASE_URL,
  confirmEmailFromOutbox,
  limitWaitingForFaxes,
  signUp,
  useBrowser,
  visit,
  waitForHydration,
} from './support/browser.ts';
import { giveOwnNumber, sendFaxFrom, waitForSendCredits, waitForSentFaxesDone } from './support/faxes.ts';

// The fax lists on a phone (the list first). Each fax is two short lines, its
// party and date over its status pill and pages, so everything is on the screen with nothing behind
// a sideways scroll; the first fax of /inbox and /sent is on the first screen of a 375×667 phone, not
// under the filters; a tap anywhere on a row opens the fax; the trash names the contact as the
// history does and says when each fax goes for good.

const PHONE = { width: 375, height: 667 };

/** True when `cell` is drawn inside the screen's width. */
async function onScreen(cell: Locator): Promise<boolean> {
  const box = await cell.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}

/** Nothing scrolls sideways: not the page, not a table inside its card. */
async function nothingScrollsSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollWidth - window.innerWidth,
      ...[...document.querySelectorAll('.list-card')].map((box) => box.scrollWidth - box.clientWidth),
    ),
  );
  assert.ok(overflow <= 0, `something scrolls sideways by ${overflow} px`);
}

/** A tap in the middle of `what`, wherever on the row it lands (the row's link covers the row). */
async function tapOn(page: Page, what: Locator): Promise<void> {
  const box = await what.boundingBox();
  assert.ok(box, 'it is on the page');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The first row of a list starts on the first screen, above its fold. */
async function firstRowOnFirstScreen(page: Page, table: string): Promise<void> {
  const first = page.getByRole('table', { name: table }).locator('tbody tr').first();
  await first.waitFor();
  const box = await first.boundingBox();
  assert.ok(box && box.y + box.height <= PHONE.height, `the first fax of "${table}" is at ${JSON.stringify(box)}`);
}

describe('the fax lists on a phone', () => {
  const browser = useBrowser();

  it(
    'show each fax’s party, status and dates on the screen in /sent and /trash, with the contact’s name',
    limitWaitingForFaxes(1),
    async () => {
      const page = await browser.newPage();
      await page.setViewportSize(PHONE);
      const account = await signUp(page, { label: 'phone-lists' });
      await confirmEmailFromOutbox(page, account.email);
      await waitForSendCredits(page, 10);
      await sendFaxFrom(page, '(212) 555-0123', 1);
      const trashed = await sendFaxFrom(page, '(212) 555-0123', 2);
      await waitForSentFaxesDone(page, 2);
      const added = await page.request.post('/api/addContact', {
        headers: { origin: BASE_URL },
        data: { name: 'Ada Lovelace', faxNumber: '(212) 555-0123' },
      });
      assert.equal(added.status(), 201, await added.text());
      const moved = await page.request.post('/api/trashFaxes', { headers: { origin: BASE_URL }, data: { faxIds: [trashed] } });
      assert.equal(moved.status(), 200, await moved.text());

      await visit(page, '/sent');
      await waitForHydration(page);
      const sent = page.getByRole('table', { name: 'Sent faxes' }).locator('tbody tr');
      await sent.first().waitFor();
      assert.equal(await sent.count(), 1);
      const row = sent.first();
      // The contact's name on the row; the number with it in the name of the link that opens the fax.
      await row.getByText('Ada Lovelace').waitFor();
      const link = row.getByRole('link', { name: /^Open the fax to Ada Lovelace \(212\) 555-0123, / });
      for (const cell of [row.locator('td.fax-party'), row.locator('td.fax-status .pill'), row.locator('time'), link]) {
        assert.ok(await onScreen(cell), `${await cell.textContent()} is off the screen`);
      }
      assert.ok(await onScreen(row.getByRole('button', { name: /^More actions: / })), 'the row’s menu is off the screen');
      await nothingScrollsSideways(page);
      await assertNoSeriousAxeViolations(page);

      await visit(page, '/trash');
      await waitForHydration(page);
      const inTrash = page.locator('.trash-table tbody tr');
      await inTrash.first().waitFor();
      await inTrash.first().getByText('Ada Lovelace').waitFor();
      await inTrash.first().getByText('Sent · (212) 555-0123').waitFor();
      const purge = inTrash.first().locator('td[data-label]');
      // Its heading is hidden on a phone, so the cell says what the date is.
      assert.equal(await purge.getAttribute('data-label'), 'Deleted forever on');
      assert.match(await purge.evaluate((cell) => getComputedStyle(cell, '::before').content), /Deleted forever on/);
      assert.ok(await onScreen(purge), 'the day it is deleted forever is off the screen');
      await nothingScrollsSideways(page);
      await assertNoSeriousAxeViolations(page);
    },
  );

  // Many pages, each checked with axe several times: more time than a test's usual minute.
  it('show the first fax of /inbox and /sent on the first screen of a 375×667 phone, a tap on the row opens it, and pass axe in light and dark', {
    timeout: 300_000,
  }, async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await signUp(page, { label: 'phone-first-screen' });
    await waitForSendCredits(page, 10);
    const number = await giveOwnNumber(page);
    // Faxed to the user's own number: one fax sent, and the same one received.
    const faxId = await sendFaxFrom(page, number, 1);
    await waitForSentFaxesDone(page, 1);

    await visit(page, '/sent');
    await waitForHydration(page);
    await firstRowOnFirstScreen(page, 'Sent faxes');
    await visit(page, '/inbox');
    await waitForHydration(page);
    await firstRowOnFirstScreen(page, 'Received faxes');
    await nothingScrollsSideways(page);

    // A tap on the row's status, away from its link, opens the fax; its box and menu stay their own.
    const row = page.getByRole('table', { name: 'Received faxes' }).locator('tbody tr').filter({ hasText: 'Received' }).first();
    await row.waitFor();
    await row.getByRole('checkbox').check();
    await page.getByText('1 fax selected').waitFor();
    assert.match(page.url(), /\/inbox$/);
    await row.getByRole('checkbox').uncheck();
    await tapOn(page, row.locator('td.fax-status .pill'));
    await page.waitForURL(/\/faxDetails\/(?:[0-9a-f-]{36}|[\w-]{55})$/);
    assert.notEqual(new URL(page.url()).pathname, `/faxDetails/${faxId}`, 'the received fax, not the sent one');

    await visit(page, '/sent');
    await waitForHydration(page);
    await tapOn(page, page.getByRole('table', { name: 'Sent faxes' }).locator('tbody tr td.fax-pages').first());
    await page.waitForURL(new RegExp(`/faxDetails/${faxId}$`));

    // Every list passes axe in light and dark, on a phone and a desktop, with a row's menu and the
    // filters open, and empty (the trash, the phonebook).
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const size of [PHONE, { width: 1280, height: 800 }]) {
        await page.setViewportSize(size);
        for (const path of ['/inbox', '/sent']) {
          await visit(page, path);
          await waitForHydration(page);
          await page
            .getByRole('button', { name: /^More actions: / })
            .first()
            .click();
          await page.getByRole('menu').getByRole('menuitem', { name: 'Open' }).waitFor();
          await assertNoSeriousAxeViolations(page);
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: /^Filters/ }).click();
          await page.getByRole('dialog', { name: 'Filters' }).waitFor();
          await assertNoSeriousAxeViolations(page);
          await page.keyboard.press('Escape');
        }
        for (const [path, empty] of [
          ['/trash', 'Nothing in the trash'],
          ['/phonebook', 'No contacts yet'],
        ]) {
          await visit(page, path!);
          await page.getByRole('heading', { name: empty }).waitFor();
          await assertNoSeriousAxeViolations(page);
        }
      }
    }
  });
});
