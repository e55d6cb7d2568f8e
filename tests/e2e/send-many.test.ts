import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoSeriousAxeViolations,
  confirmEmailFromOutbox,
  limitWaitingForFaxes,
  liveIndicator,
  signUp,
  UI_TIMEOUT_MS,
  useBrowser,
  visit,
  waitForHydration,
} from './support/browser.ts';
import { pasteText, recipients } from './support/composer.ts';
import { makePdf } from './support/documents.ts';
import { waitForSendCredits } from './support/faxes.ts';

// Sending to many numbers and sending later (decision 025), as a person does it on /send: a document
// to three loopback numbers, one of them busy, each recipient's status live on the group's page,
// and a resend to the failed one only; then a fax scheduled for later, moved to another time, and
// cancelled with its credits back.

/** Three retries of a busy line (1 s, 3 s, 9 s here) plus the pages of three faxes. */
const BROADCAST_TIMEOUT_MS = 60_000;

async function openSendPage(page: Page): Promise<void> {
  await visit(page, '/send');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Send a fax', level: 1 }).waitFor();
}

async function uploadOnePage(page: Page, name: string): Promise<void> {
  await page.getByLabel('Choose a file').setInputFiles(await makePdf(1, name));
  const document = page.getByRole('region', { name: 'Document' });
  await document.getByText(name, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS * 2 });
  await document.getByText(/^[\d.]+ KB · 1 page$/).waitFor();
}

function row(page: Page, number: string) {
  return page.locator('.broadcast-table tbody tr').filter({ hasText: number });
}

describe('sending to many numbers and sending later', () => {
  const browser = useBrowser();

  it(
    'sends one document to three numbers, shows each live, and resends to the busy one only',
    limitWaitingForFaxes(3, BROADCAST_TIMEOUT_MS),
    async () => {
      const page = await browser.newPage();
      const account = await signUp(page, { label: 'many' });
      // An unconfirmed account may send only 3 faxes; the resend is the 4th.
      await confirmEmailFromOutbox(page, account.email);
      await waitForSendCredits(page, 10);
      await openSendPage(page);
      const to = page.getByRole('combobox', { name: 'To' });
      await to.fill('(312) 555-0190');
      await to.press('Enter');
      await page.getByRole('list', { name: 'Recipients' }).getByText('(312) 555-0190').waitFor();
      // Pasted the way people paste: a comma list with a repeat and a line break.
      await to.focus();
      await pasteText(page, '312.555.0001, (312) 555-0190\n+1 312 555 0191');
      await page.getByText('1 repeated number was merged.').waitFor();
      assert.deepEqual(await recipients(page), ['(312) 555-0190', '(312) 555-0001', '(312) 555-0191']);
      await uploadOnePage(page, 'notice.pdf');
      await page.getByRole('region', { name: 'Summary' }).getByText('3 faxes · 1 page each · 3 credits').waitFor();
      await assertNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Send to 3 numbers' }).click();

      await page.waitForURL(/\/broadcast\/[0-9a-f-]{36}$/);
      await waitForHydration(page);
      await page.getByRole('heading', { name: 'Sent to 3 numbers' }).waitFor();
      await liveIndicator(page, 'Connected').waitFor();
      // Each recipient moves on its own, with no reload.
      await row(page, '(312) 555-0190').filter({ hasText: 'Delivered' }).waitFor({ timeout: BROADCAST_TIMEOUT_MS });
      await row(page, '(312) 555-0191').filter({ hasText: 'Delivered' }).waitFor({ timeout: BROADCAST_TIMEOUT_MS });
      await row(page, '(312) 555-0001').filter({ hasText: 'Failed: Line busy' }).waitFor({ timeout: BROADCAST_TIMEOUT_MS });
      await page.getByText('2 delivered · 1 failed · 0 on their way · 0 scheduled').waitFor();
      await assertNoSeriousAxeViolations(page);

      const first = new URL(page.url()).pathname;
      await page.getByRole('button', { name: 'Send again to the 1 that failed' }).click();
      await page.waitForURL((url) => /\/broadcast\/[0-9a-f-]{36}$/.test(url.pathname) && url.pathname !== first);
      await waitForHydration(page);
      await page.getByRole('heading', { name: 'Sent to 1 number' }).waitFor();
      assert.equal(await page.locator('.broadcast-table tbody tr').count(), 1);
      await row(page, '(312) 555-0001').waitFor();
    },
  );

  it('schedules a fax for later, moves it, and cancels it with its credits back', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'later' });
    await waitForSendCredits(page, 10);
    await openSendPage(page);
    const to = page.getByRole('combobox', { name: 'To' });
    await to.fill('(312) 555-0190');
    await to.press('Enter');
    await uploadOnePage(page, 'later.pdf');
    await page.getByLabel('Send later').check();
    const when = page.getByLabel(/Date and time \(/);
    await when.fill('2099-01-01T09:00');
    await page.getByText('Pick a time in the future, at most 90 days from now.').first().waitFor();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:30`;
    await when.fill(local);
    await page.getByText(/It will be sent on .*, your time\./).waitFor();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();

    await page.waitForURL(/\/faxDetails\/(?:[0-9a-f-]{36}|[\w-]{55})$/);
    await waitForHydration(page);
    await page.getByText(/Scheduled for .*, your time\. You can change the time or cancel it until it starts\./).waitFor();
    // Charged when scheduled.
    await waitForSendCredits(page, 9);

    await page.getByRole('button', { name: 'Change the time' }).click();
    await page.getByLabel(/New date and time/).fill(local.replace('T09:30', 'T11:45'));
    await page.getByRole('button', { name: 'Save the new time' }).click();
    await page.getByText(/The fax will now be sent on .*11:45/).waitFor();

    await page.getByRole('button', { name: 'Cancel this fax' }).click();
    await assertNoSeriousAxeViolations(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('Cancelled. Its credits are back.').waitFor();
    await page.getByRole('region', { name: 'Status' }).getByText('Failed: Cancelled').waitFor();
    await waitForSendCredits(page, 10);
  });
});
