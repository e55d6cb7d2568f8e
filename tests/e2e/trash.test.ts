import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoSeriousAxeViolations,
  FAX_TIMEOUT_MS,
  limitWaitingForFaxes,
  liveIndicator,
  signUp,
  useBrowser,
  visit,
  waitForHydration,
} from './support/browser.ts';
import { sendFaxFrom, waitForSendCredits } from './support/faxes.ts';
import { openFaxActions } from './support/viewer.ts';

// The trash (decision 024; toasts, menus, dialogs) in two tabs of one signed-in user: a fax
// moved to the trash from its page appears on /trash in the other tab without a reload, a restore
// there brings it back on the fax's page and says so once in a toast (with an Undo), and "Delete
// forever" (asked first in a dialog) removes it for good. Moving faxes from a list says so in a
// toast whose Undo brings them back, in every tab. The page passes axe with faxes in it and empty,
// on a phone and a desktop.

const OUTSIDE_NUMBER = '+1 312 555 0190';

async function waitForDelivered(page: Page, faxId: string): Promise<void> {
  const deadline = Date.now() + FAX_TIMEOUT_MS;
  for (;;) {
    const answer = await page.request.get(`/api/faxes/${faxId}`);
    const { fax } = (await answer.json()) as { fax: { status: string } };
    if (fax.status === 'DELIVERED') return;
    if (Date.now() > deadline) throw new Error(`fax ${faxId} is still ${fax.status}`);
    await page.waitForTimeout(250);
  }
}

function trashRows(page: Page) {
  return page.locator('.trash-table tbody tr');
}

/** A toast that says `text`, in the page's one region of toasts. */
function toast(page: Page, text: string) {
  return page.locator('.toast').filter({ hasText: text });
}

describe('the trash', () => {
  const browser = useBrowser();

  it('moves a fax to the trash and back live across two tabs, then deletes it forever', limitWaitingForFaxes(2), async () => {
    const details = await browser.newPage();
    await signUp(details, { label: 'trash' });
    await waitForSendCredits(details, 10);
    const faxId = await sendFaxFrom(details, OUTSIDE_NUMBER, 1);
    const other = await sendFaxFrom(details, OUTSIDE_NUMBER, 2);
    await waitForDelivered(details, faxId);
    await waitForDelivered(details, other);

    const trash = await browser.newPage();
    await visit(trash, '/trash');
    await trash.getByText('Nothing in the trash').waitFor();
    await liveIndicator(trash, 'Connected').waitFor();
    await assertNoSeriousAxeViolations(trash);

    await visit(details, `/faxDetails/${faxId}`);
    await liveIndicator(details, 'Connected').waitFor();
    await (await openFaxActions(details)).getByRole('menuitem', { name: 'Move to trash' }).click();
    await details.getByText(/This fax is in the trash\. It will be deleted forever on/).waitFor();
    await details.getByRole('button', { name: 'Restore from trash' }).waitFor();

    // The other tab hears of it without a reload.
    await trashRows(trash).first().waitFor();
    assert.equal(await trashRows(trash).count(), 1);
    await trash.getByRole('link', { name: /^Open the fax to \(312\) 555-0190, / }).waitFor();
    await trashRows(trash).first().getByText('Sent', { exact: true }).waitFor();
    await trash.getByText('Showing 1 of 1').waitFor();
    await assertNoSeriousAxeViolations(trash);

    // Restored in the trash tab: said once, in a toast; the fax's page is out of the trash again.
    await trash.getByRole('checkbox', { name: /Select the fax to \(312\) 555-0190/ }).check();
    await trash.getByText('1 fax selected').waitFor();
    await trash.getByRole('group', { name: 'Selected faxes' }).getByRole('button', { name: 'Restore' }).click();
    await toast(trash, 'Restored 1 fax').waitFor();
    await trash.getByText('Nothing in the trash').waitFor();
    await details.getByText(/This fax is in the trash/).waitFor({ state: 'detached' });
    // Its Undo puts it back in the trash, here and on the fax's page.
    await toast(trash, 'Restored 1 fax').getByRole('button', { name: 'Undo' }).click();
    await trashRows(trash).first().waitFor();
    await details.getByText(/This fax is in the trash/).waitFor();
    await trash.getByRole('button', { name: /^More actions: the fax to / }).click();
    await trash.getByRole('menuitem', { name: 'Restore' }).click();
    await trash.getByText('Nothing in the trash').waitFor();
    await details.getByText(/This fax is in the trash/).waitFor({ state: 'detached' });
    const menu = await openFaxActions(details);
    assert.equal(await menu.getByRole('menuitem', { name: 'Delete forever' }).count(), 0, 'only a fax in the trash is deleted forever');

    // Both faxes trashed from the sent list's pages, then all deleted forever from the trash.
    await menu.getByRole('menuitem', { name: 'Move to trash' }).click();
    await visit(details, `/faxDetails/${other}`);
    await (await openFaxActions(details)).getByRole('menuitem', { name: 'Move to trash' }).click();
    await details.getByText(/This fax is in the trash/).waitFor();
    await trash.getByText('Showing 2 of 2').waitFor();

    // One deleted from its row's menu, asked first: Cancel keeps it.
    await trash
      .getByRole('button', { name: /^More actions: the fax to / })
      .first()
      .click();
    await trash.getByRole('menuitem', { name: 'Delete forever' }).click();
    const one = trash.getByRole('alertdialog', { name: 'Delete this fax forever?' });
    await one.getByText('This cannot be undone.', { exact: false }).waitFor();
    await one.getByRole('button', { name: 'Cancel' }).click();
    await one.waitFor({ state: 'detached' });
    assert.equal(await trashRows(trash).count(), 2);

    await trash.getByRole('button', { name: 'Empty trash' }).click();
    const confirm = trash.getByRole('alertdialog');
    await confirm.getByText('Delete all 2 faxes in the trash forever?', { exact: false }).waitFor();
    await assertNoSeriousAxeViolations(trash);
    await confirm.getByRole('button', { name: 'Yes, delete forever' }).click();
    await toast(trash, 'Emptied the trash').waitFor();
    // Said once: the toast, and the list's own empty state.
    await trash.getByText('Nothing in the trash').waitFor();
    assert.equal(await trash.getByText(/trash is empty/i).count(), 0);

    // Gone for good: the history no longer has them either.
    await visit(details, '/sent');
    await details.getByText('You have not sent a fax yet.').waitFor();
    const gone = await details.request.get(`/api/faxes/${faxId}`);
    assert.equal(gone.status(), 404);
  });

  it('moves several faxes from the sent list at once, and undoes it', limitWaitingForFaxes(2), async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'trash-many' });
    await waitForSendCredits(page, 10);
    const first = await sendFaxFrom(page, OUTSIDE_NUMBER, 1);
    const second = await sendFaxFrom(page, '+1 312 555 0191', 1);
    await waitForDelivered(page, first);
    await waitForDelivered(page, second);

    // Another tab keeps /sent open: it follows the move and the undo live.
    const other = await browser.newPage();
    await visit(other, '/sent');
    await other.getByText('Showing 2 of 2').waitFor();
    await liveIndicator(other, 'Connected').waitFor();

    await visit(page, '/sent');
    await page.getByText('Showing 2 of 2').waitFor();
    await page.getByRole('checkbox', { name: 'Select all faxes shown' }).check();
    assert.equal(await page.getByRole('checkbox', { name: /^Select the fax to/, checked: true }).count(), 2);
    await page.getByText('2 faxes selected').waitFor();
    await assertNoSeriousAxeViolations(page);
    await page.getByRole('group', { name: 'Selected faxes' }).getByRole('button', { name: 'Move to trash' }).click();
    await toast(page, 'Moved 2 faxes to the trash').waitFor();
    await page.getByText('You have not sent a fax yet.').waitFor();
    await other.getByText('You have not sent a fax yet.').waitFor();

    await toast(page, 'Moved 2 faxes to the trash').getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Showing 2 of 2').waitFor();
    await toast(page, 'Restored 2 faxes').waitFor();
    await other.getByText('Showing 2 of 2').waitFor();
    const trash = await page.request.get('/api/trash');
    assert.equal(((await trash.json()) as { total: number }).total, 0);

    // One from its row's menu; the toast goes by itself after a few seconds.
    await page.getByRole('button', { name: /^More actions: the fax to \(312\) 555-0191/ }).click();
    await page.getByRole('menuitem', { name: 'Move to trash' }).click();
    await toast(page, 'Moved 1 fax to the trash').waitFor();
    await page.getByText('Showing 1 of 1').waitFor();
    await toast(page, 'Moved 1 fax to the trash').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('keeps a toast while the pointer is on it, and lets it go after', limitWaitingForFaxes(1), async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'trash-toast' });
    await waitForSendCredits(page, 10);
    const faxId = await sendFaxFrom(page, OUTSIDE_NUMBER, 1);
    await waitForDelivered(page, faxId);
    await visit(page, '/sent');
    await waitForHydration(page);
    await page.getByRole('button', { name: /^More actions: the fax to / }).click();
    await page.getByRole('menuitem', { name: 'Move to trash' }).click();
    const said = toast(page, 'Moved 1 fax to the trash');
    await said.hover();
    await page.waitForTimeout(7_000);
    assert.equal(await said.count(), 1, 'the toast stays while pointed at');
    await page.mouse.move(0, 0);
    await said.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('fits a 375 px phone without sideways scrolling', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await signUp(page, { label: 'trash-phone' });
    await visit(page, '/trash');
    await waitForHydration(page);
    await page.getByText('Nothing in the trash').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await assertNoSeriousAxeViolations(page);
  });
});
