import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  assertNoSeriousAxeViolations,
  BASE_URL,
  confirmEmailFromOutbox,
  signUpThroughUi,
  useBrowser,
  visit,
  waitForHydration,
} from './support/browser.ts';
import { sendFaxFrom, waitForSendCredits, waitForSentFaxesDone } from './support/faxes.ts';

// The fax lists on a 375 px phone (issue 14): each fax is a short block, so its number (with the
// contact's name), its status, its date and, in the trash, the day it is deleted forever are all
// on the screen, none of them behind a sideways scroll of the table; the trash names the contact
// as the history does.

const PHONE = { width: 375, height: 800 };

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
      ...[...document.querySelectorAll('.table-scroll')].map((box) => box.scrollWidth - box.clientWidth),
    ),
  );
  assert.ok(overflow <= 0, `something scrolls sideways by ${overflow} px`);
}

describe('the fax lists on a phone', () => {
  const browser = useBrowser();

  it('show each fax’s party, status and dates on the screen in /sent and /trash, with the contact’s name', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    const account = await signUpThroughUi(page, { label: 'phone-lists' });
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
    await row.getByText('Ada Lovelace (212) 555-0123').waitFor();
    for (const cell of [row.locator('td.number-display'), row.locator('td.fax-status'), row.locator('time'), row.getByRole('link')]) {
      assert.ok(await onScreen(cell), `${await cell.innerText()} is off the screen`);
    }
    await nothingScrollsSideways(page);
    await assertNoSeriousAxeViolations(page);

    await visit(page, '/trash');
    await waitForHydration(page);
    const inTrash = page.locator('.trash-table tbody tr');
    await inTrash.first().waitFor();
    await inTrash.first().getByText('Sent to Ada Lovelace (212) 555-0123').waitFor();
    const purge = inTrash.first().locator('td[data-label]');
    // Its heading is hidden on a phone, so the cell says what the date is.
    assert.equal(await purge.getAttribute('data-label'), 'Deleted forever on');
    assert.match(await purge.evaluate((cell) => getComputedStyle(cell, '::before').content), /Deleted forever on/);
    assert.ok(await onScreen(purge), 'the day it is deleted forever is off the screen');
    await nothingScrollsSideways(page);
    await assertNoSeriousAxeViolations(page);
  });
});
