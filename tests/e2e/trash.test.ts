import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoSeriousAxeViolations, liveIndicator, signUpThroughUi, useBrowser, visit, waitForHydration } from './support/browser.ts';
import { sendFaxFrom, waitForSendCredits } from './support/faxes.ts';
import { openFaxActions } from './support/viewer.ts';

// The trash (issue 14) in two tabs of one signed-in user: a fax moved to the trash from its page
// appears on /trash in the other tab without a reload, a restore there brings it back on the fax's
// page, and "Delete forever" (after a confirmation) removes it for good. The page passes axe with
// faxes in it and empty, on a phone and a desktop.

/** The loopback carrier delivers an outside number's fax at 300 ms a page, plus the queue. */
const FAX_TIMEOUT_MS = 40_000;
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

describe('the trash', () => {
  const browser = useBrowser();

  it('moves a fax to the trash and back live across two tabs, then deletes it forever', async () => {
    const details = await browser.newPage();
    await signUpThroughUi(details, { label: 'trash' });
    await waitForSendCredits(details, 10);
    const faxId = await sendFaxFrom(details, OUTSIDE_NUMBER, 1);
    const other = await sendFaxFrom(details, OUTSIDE_NUMBER, 2);
    await waitForDelivered(details, faxId);
    await waitForDelivered(details, other);

    const trash = await browser.newPage();
    await visit(trash, '/trash');
    await trash.getByText('The trash is empty.').waitFor();
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
    await trash.getByText('Sent to (312) 555-0190').waitFor();
    await trash.getByText('Showing 1 of 1').waitFor();
    await assertNoSeriousAxeViolations(trash);

    // Restored in the trash tab: the fax's page says so and offers "Move to trash" again.
    await trash.getByRole('checkbox', { name: /Select the fax to \(312\) 555-0190/ }).check();
    await trash.getByText('1 fax selected').waitFor();
    await trash.getByRole('button', { name: 'Restore' }).click();
    await trash.getByText('1 fax restored.').waitFor();
    await trash.getByText('The trash is empty.').waitFor();
    await details.getByText(/This fax is in the trash/).waitFor({ state: 'detached' });
    const menu = await openFaxActions(details);
    assert.equal(await menu.getByRole('menuitem', { name: 'Delete forever' }).count(), 0, 'only a fax in the trash is deleted forever');

    // Both faxes trashed from the sent list's pages, then all deleted forever from the trash.
    await menu.getByRole('menuitem', { name: 'Move to trash' }).click();
    await visit(details, `/faxDetails/${other}`);
    await (await openFaxActions(details)).getByRole('menuitem', { name: 'Move to trash' }).click();
    await details.getByText(/This fax is in the trash/).waitFor();
    await trash.getByText('Showing 2 of 2').waitFor();
    await trash.getByRole('button', { name: 'Empty trash' }).click();
    const confirm = trash.getByRole('alertdialog');
    await confirm.getByText('Delete all 2 faxes in the trash forever?', { exact: false }).waitFor();
    await assertNoSeriousAxeViolations(trash);
    await confirm.getByRole('button', { name: 'Yes, delete forever' }).click();
    await trash.getByText('The trash is empty now.').waitFor();
    await trash.getByText('The trash is empty.').waitFor();

    // Gone for good: the history no longer has them either.
    await visit(details, '/sent');
    await details.getByText('You have not sent a fax yet.').waitFor();
    const gone = await details.request.get(`/api/faxes/${faxId}`);
    assert.equal(gone.status(), 404);
  });

  it('moves several faxes from the sent list at once, and undoes it', async () => {
    const page = await browser.newPage();
    await signUpThroughUi(page, { label: 'trash-many' });
    await waitForSendCredits(page, 10);
    const first = await sendFaxFrom(page, OUTSIDE_NUMBER, 1);
    const second = await sendFaxFrom(page, '+1 312 555 0191', 1);
    await waitForDelivered(page, first);
    await waitForDelivered(page, second);

    await visit(page, '/sent');
    await page.getByText('Showing 2 of 2').waitFor();
    for (const box of await page.getByRole('checkbox', { name: /^Select Details of the fax to/ }).all()) await box.check();
    await page.getByText('2 faxes selected').waitFor();
    await assertNoSeriousAxeViolations(page);
    await page.getByRole('region', { name: 'Selected faxes' }).getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('2 faxes moved to the trash.').waitFor();
    await page.getByText('You have not sent a fax yet.').waitFor();

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Showing 2 of 2').waitFor();
    const trash = await page.request.get('/api/trash');
    assert.equal(((await trash.json()) as { total: number }).total, 0);
  });

  it('fits a 375 px phone without sideways scrolling', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await signUpThroughUi(page, { label: 'trash-phone' });
    await visit(page, '/trash');
    await waitForHydration(page);
    await page.getByText('The trash is empty.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await assertNoSeriousAxeViolations(page);
  });
});
