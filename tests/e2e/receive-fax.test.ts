import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchAnotherBrowser } from './support/another-browser.ts';
import {
  assertNoSeriousAxeViolations,
  confirmEmailFromOutbox,
  FAX_TIMEOUT_MS,
  limitWaitingForFaxes,
  liveIndicator,
  signUp,
  useBrowser,
  visit,
  waitForHydration,
} from './support/browser.ts';
import { giveOwnNumber, sendFaxFrom, waitForSendCredits } from './support/faxes.ts';
import { checkZoomAndRotation, openFaxActions, waitForInk } from './support/viewer.ts';

// Receiving a fax (decision 018), with two users in two browsers: A faxes B's number through the
// loopback carrier; B, with /inbox open, sees it arrive without reloading, the unread count in the
// navigation, opens it, sees its pages, and it becomes read; "Mark as unread" brings the count back.
// The full preview (/preview?faxId=) shows its pages in the viewer and reads it too. An inbox of
// more than 30 faxes shows 30 and "Load more".

const FREE_SEND_CREDITS = 10;
const PAGES = 3;
/** The inbox's first page (spec §7). */
const FIRST_PAGE = 30;
/** 30 calls through the loopback network at once, each with its queue jobs and webhooks. */
const MANY_FAXES_TIMEOUT_MS = 120_000;

function inboxLink(page: Page, unread: number) {
  const nav = page.getByRole('navigation');
  return unread > 0 ? nav.getByRole('link', { name: `Inbox ${unread} unread` }) : nav.getByRole('link', { name: 'Inbox', exact: true });
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

  it(
    'arrives live in the inbox of the number it was sent to, is read when opened and can be unread again',
    limitWaitingForFaxes(3),
    async () => {
      const inbox = await browser.newPage();
      await signUp(inbox, { label: 'receiver' });
      const number = await giveOwnNumber(inbox);

      await visit(inbox, '/inbox');
      await inbox.getByRole('heading', { name: 'No faxes yet' }).waitFor();
      await inbox.getByText(`Your number is ${number}. Faxes sent to it appear here the moment they arrive.`).waitFor();
      // The next step: the number to copy, and a test fax to it.
      await inbox.getByRole('main').getByRole('button', { name: 'Copy your number' }).waitFor();
      const testFax = inbox.getByRole('link', { name: 'Send yourself a test fax' });
      assert.equal(await testFax.getAttribute('href'), `/send?to=${encodeURIComponent(`+1${number.replace(/\D/g, '')}`)}`);
      await inboxLink(inbox, 0).waitFor();
      await liveIndicator(inbox, 'Connected').waitFor();
      await assertNoSeriousAxeViolations(inbox);
      await recordInboxStatuses(inbox);

      const sender = await launchAnotherBrowser();
      try {
        const page = await sender.context.newPage();
        await signUp(page, { label: 'sender' });
        await waitForSendCredits(page, FREE_SEND_CREDITS);
        await sendFaxFrom(page, number, PAGES);
        await page.close();
        assert.deepEqual(sender.consoleErrors, []);
      } finally {
        await sender.close();
      }

      const row = inbox
        .getByRole('row')
        .filter({ hasText: 'Received' })
        .filter({ hasText: `${PAGES} pages` });
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
      await inbox.waitForURL(/\/faxDetails\/(?:[0-9a-f-]{36}|[\w-]{55})$/);
      const faxId = new URL(inbox.url()).pathname.split('/').at(-1)!;
      await waitForHydration(inbox);
      await inbox.getByRole('heading', { name: /^Fax from / }).waitFor();
      await inbox
        .getByRole('region', { name: 'Status' })
        .getByRole('status')
        .filter({ hasText: /^Received$/ })
        .waitFor();
      // pdf.js draws the pages onto canvases.
      await inbox.locator('canvas').first().waitFor({ timeout: FAX_TIMEOUT_MS });
      await inboxLink(inbox, 0).waitFor();
      assert.equal(await inbox.locator('.nav-badge').count(), 0, 'no badge once nothing is unread');
      await assertNoSeriousAxeViolations(inbox);

      // Read and unread are in the fax's "⋯" menu.
      await (await openFaxActions(inbox)).getByRole('menuitem', { name: 'Mark as unread' }).click();
      await inboxLink(inbox, 1).waitFor();
      await (await openFaxActions(inbox)).getByRole('menuitem', { name: 'Mark as read' }).waitFor();
      await inbox.keyboard.press('Escape');

      await visit(inbox, '/inbox');
      await inbox.getByRole('row').filter({ hasText: 'Received' }).getByText('Unread', { exact: true }).waitFor();
      await visit(inbox, '/dashboard');
      const unread = inbox.getByRole('region', { name: /^Unread faxes/ });
      await unread.getByText('1', { exact: true }).waitFor();
      const open = unread.getByRole('link', { name: /^Fax from / });
      assert.equal(await open.count(), 1);
      assert.equal(await open.getAttribute('href'), `/faxDetails/${faxId}`);
      await assertNoSeriousAxeViolations(inbox);

      await previewReceivedFax(inbox, faxId);
    },
  );

  it('follows an arriving fax on the dashboard from the pushes alone, reading nothing again', limitWaitingForFaxes(1), async () => {
    const dashboard = await browser.newPage();
    await signUp(dashboard, { label: 'receiver-dashboard' });
    const number = await giveOwnNumber(dashboard);
    await visit(dashboard, '/dashboard');
    await liveIndicator(dashboard, 'Connected').waitFor();
    const statusReads: string[] = [];
    dashboard.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (['/api/recentFaxes', '/api/faxCounts'].includes(path)) statusReads.push(path);
    });

    const sender = await launchAnotherBrowser();
    try {
      const page = await sender.context.newPage();
      await signUp(page, { label: 'sender-dashboard' });
      await waitForSendCredits(page, FREE_SEND_CREDITS);
      await sendFaxFrom(page, number, 1);
      await page.close();
    } finally {
      await sender.close();
    }

    // It arrives in the unread faxes and the recent activity, and the navigation counts it.
    const unread = dashboard.getByRole('region', { name: /^Unread faxes/ });
    await unread.getByRole('link', { name: /^Fax from / }).waitFor({ timeout: FAX_TIMEOUT_MS });
    await unread.getByText('1', { exact: true }).waitFor();
    await dashboard
      .getByRole('region', { name: 'Recent activity' })
      .getByRole('listitem')
      .filter({ hasText: /^From / })
      .filter({ hasText: 'Received' })
      .waitFor();
    await inboxLink(dashboard, 1).waitFor();
    assert.deepEqual(statusReads, [], 'the lists and the navigation changed without a read of the server');
  });

  // Its time follows its work: 31 faxes sent and received, each a call of the loopback network.
  it(`shows the first ${FIRST_PAGE} faxes of a fuller inbox, and "Load more" only while there are more`, {
    timeout: MANY_FAXES_TIMEOUT_MS * 2,
  }, async () => {
    const inbox = await browser.newPage();
    await signUp(inbox, { label: 'receiver-many' });
    const number = await giveOwnNumber(inbox);

    const sender = await launchAnotherBrowser();
    try {
      const page = await sender.context.newPage();
      const senderAccount = await signUp(page, { label: 'sender-many' });
      // A confirmed address and a paid plan, for more faxes than an unconfirmed account's 3 and
      // the free credits.
      await confirmEmailFromOutbox(page, senderAccount.email);
      await giveOwnNumber(page);
      for (let i = 0; i < FIRST_PAGE; i++) await sendFaxFrom(page, number, 1);

      await visit(inbox, '/inbox');
      await inbox.getByText(`Showing ${FIRST_PAGE} of ${FIRST_PAGE}`).waitFor({ timeout: MANY_FAXES_TIMEOUT_MS });
      assert.equal(await loadMore(inbox).count(), 0, `no "Load more" with exactly ${FIRST_PAGE} faxes`);

      // One more arrives live at the top: everything is on the page, so still nothing to load.
      await sendFaxFrom(page, number, 1);
      await inbox.getByText(`Showing ${FIRST_PAGE + 1} of ${FIRST_PAGE + 1}`).waitFor({ timeout: FAX_TIMEOUT_MS });
      assert.equal(await loadMore(inbox).count(), 0);
      await page.close();
      assert.deepEqual(sender.consoleErrors, []);
    } finally {
      await sender.close();
    }

    await visit(inbox, '/inbox');
    await inbox.getByText(`Showing ${FIRST_PAGE} of ${FIRST_PAGE + 1}`).waitFor();
    assert.equal(await faxRows(inbox).count(), FIRST_PAGE);
    await assertNoSeriousAxeViolations(inbox);
    await loadMore(inbox).click();
    await inbox.getByText(`Showing ${FIRST_PAGE + 1} of ${FIRST_PAGE + 1}`).waitFor();
    assert.equal(await faxRows(inbox).count(), FIRST_PAGE + 1);
    await loadMore(inbox).waitFor({ state: 'detached' });
  });
});

function loadMore(page: Page) {
  return page.getByRole('button', { name: 'Load more' });
}

function faxRows(page: Page) {
  return page.getByRole('table', { name: 'Received faxes' }).getByRole('link', { name: /^Open the fax from / });
}

/**
 * /preview?faxId= of an unread received fax: its pages drawn large, read on opening, and the
 * viewer's zoom, rotation and download working on it as on a sent fax.
 */
async function previewReceivedFax(page: Page, faxId: string): Promise<void> {
  await visit(page, `/preview?faxId=${faxId}`);
  await page.getByRole('heading', { name: /^Fax from / }).waitFor();
  const viewer = page.getByRole('region', { name: /^Fax from .+, received / });
  await viewer.getByText(`Page 1 of ${PAGES}`).waitFor({ timeout: FAX_TIMEOUT_MS });
  const firstPage = viewer.getByRole('img', { name: 'Page 1' });
  assert.ok((await waitForInk(firstPage)) > 100, 'page 1 of the received fax has text drawn on it');
  await inboxLink(page, 0).waitFor();
  await (await openFaxActions(page)).getByRole('menuitem', { name: 'Mark as unread' }).waitFor();
  await page.keyboard.press('Escape');
  await assertNoSeriousAxeViolations(page);

  await checkZoomAndRotation(viewer, firstPage);

  const documentPath = `/api/faxes/${faxId}/document`;
  const download = viewer.getByRole('link', { name: 'Download', exact: true });
  assert.equal(await download.getAttribute('href'), documentPath);
  assert.match((await download.getAttribute('download')) ?? '', /^fax-from-[\w-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = await page.request.get(documentPath);
  assert.equal(file.status(), 200);
  assert.equal(file.headers()['content-type'], 'application/pdf');
}
