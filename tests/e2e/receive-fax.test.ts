import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchAnotherBrowser } from './support/another-browser.ts';
import { assertNoSeriousAxeViolations, liveIndicator, signUpThroughUi, useBrowser, visit, waitForHydration } from './support/browser.ts';
import { giveOwnNumber, sendFaxFrom, waitForSendCredits } from './support/faxes.ts';

// Receiving a fax (issue 6), with two users in two browsers: A faxes B's number through the
// loopback carrier; B, with /inbox open, sees it arrive without reloading, the unread count in the
// navigation, opens it, sees its pages, and it becomes read; "Mark as unread" brings the count back.

/** Pages through the loopback network at 300 ms each, plus the queue and the inbound webhooks. */
const FAX_TIMEOUT_MS = 40_000;
const FREE_SEND_CREDITS = 10;
const PAGES = 3;

function inboxLink(page: Page, unread: number) {
  const nav = page.getByRole('navigation');
  return unread > 0 ? nav.getByRole('link', { name: `Inbox, ${unread} unread` }) : nav.getByRole('link', { name: 'Inbox', exact: true });
}

/** Remembers every status the inbox showed, so a short "Receiving…" is not missed between polls. */
async function recordInboxStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { inboxStatuses: string[] }).inboxStatuses = seen;
    const note = (): void => {
      for (const cell of document.querySelectorAll('.inbox-table td.fax-status')) seen.push(cell.textContent ?? '');
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

describe('receiving a fax', () => {
  const browser = useBrowser();

  it('arrives live in the inbox of the number it was sent to, is read when opened and can be unread again', async () => {
    const inbox = await browser.newPage();
    await signUpThroughUi(inbox, { label: 'receiver' });
    const number = await giveOwnNumber(inbox);

    await visit(inbox, '/inbox');
    await inbox.getByText(`No faxes yet. Faxes sent to ${number} appear here the moment they arrive.`).waitFor();
    await inboxLink(inbox, 0).waitFor();
    await liveIndicator(inbox, 'Connected').waitFor();
    await assertNoSeriousAxeViolations(inbox);
    await recordInboxStatuses(inbox);

    const sender = await launchAnotherBrowser();
    try {
      const page = await sender.context.newPage();
      await signUpThroughUi(page, { label: 'sender' });
      await waitForSendCredits(page, FREE_SEND_CREDITS);
      await sendFaxFrom(page, number, PAGES);
      await page.close();
      assert.deepEqual(sender.consoleErrors, []);
    } finally {
      await sender.close();
    }

    const row = inbox.getByRole('row').filter({ hasText: 'Received' }).filter({ hasText: `${PAGES} pages` });
    await row.waitFor({ timeout: FAX_TIMEOUT_MS });
    const statuses = await inbox.evaluate(() => (window as unknown as { inboxStatuses: string[] }).inboxStatuses);
    assert.ok(
      statuses.some((status) => status.startsWith('Receiving…')),
      `the inbox showed "Receiving…" while the fax arrived (saw ${JSON.stringify([...new Set(statuses)])})`,
    );
    await row.getByText('Unread', { exact: true }).waitFor();
    await inboxLink(inbox, 1).waitFor();
    await inbox.getByText('Showing 1 of 1').waitFor();
    await assertNoSeriousAxeViolations(inbox);

    await row.getByRole('link', { name: /^Open the fax from / }).click();
    await inbox.waitForURL(/\/faxDetails\/[0-9a-f-]{36}$/);
    await waitForHydration(inbox);
    await inbox.getByRole('heading', { name: /^Fax from / }).waitFor();
    await inbox.getByRole('region', { name: 'Status' }).getByRole('status').filter({ hasText: /^Received$/ }).waitFor();
    // pdf.js draws the pages onto canvases.
    await inbox.locator('canvas').first().waitFor({ timeout: FAX_TIMEOUT_MS });
    await inboxLink(inbox, 0).waitFor();
    assert.equal(await inbox.locator('.nav-badge').count(), 0, 'no badge once nothing is unread');
    await assertNoSeriousAxeViolations(inbox);

    await inbox.getByRole('button', { name: 'Mark as unread' }).click();
    await inboxLink(inbox, 1).waitFor();
    await inbox.getByRole('button', { name: 'Mark as read' }).waitFor();

    await visit(inbox, '/inbox');
    await inbox.getByRole('row').filter({ hasText: 'Received' }).getByText('Unread', { exact: true }).waitFor();
    await visit(inbox, '/dashboard');
    const card = inbox.getByRole('region', { name: 'Last fax received' });
    await card.getByText(/Unread: 1 · Faxes received: 1/).waitFor();
    await assertNoSeriousAxeViolations(inbox);
  });
});
