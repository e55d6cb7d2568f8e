import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page, Response, Route } from 'playwright-core';
import {
  assertNoSeriousAxeViolations,
  BASE_URL,
  FAX_TIMEOUT_MS,
  limitWaitingForFaxes,
  liveIndicator,
  openAndExpectReturn,
  pathOf,
  signUp,
  UI_TIMEOUT_MS,
  useBrowser,
  visit,
  waitForHydration,
  waitForPath,
} from './support/browser.ts';
import { recipients, toField } from './support/composer.ts';
import { makeJpeg, makePdf, type TestFile } from './support/documents.ts';
import { waitForSendCredits } from './support/faxes.ts';
import { openFaxActions } from './support/viewer.ts';

// Sending a fax from the browser (decisions 013 and 014): upload with progress, pause and resume, a cover page
// with its preview, the send, and the fax moving to DELIVERED live on /sent and its details page;
// then a busy line explained in plain words, retried automatically and refunded. The server runs
// the loopback carrier with short page times and retry delays (tests/e2e/run.mjs).

const FREE_SEND_CREDITS = 10;
// Chromium logs every 4xx answer to a fetch as a console error; only the test that causes one allows it.
const DETAILS_404 = /status of 404 .*\[at .*\/api\/faxes\/[\w-]+\]$/;
const SEND_402 = /status of 402 .*\[at .*\/api\/sendFax\]$/;

/** Another device of the same account faxes a `pages`-page document, spending that many credits. */
async function spendCreditsElsewhere(page: Page, pages: number): Promise<void> {
  const headers = { origin: BASE_URL };
  const document = await makePdf(pages, 'elsewhere.pdf');
  const stored = await page.request.post('/api/files', { headers, multipart: { file: document } });
  assert.equal(stored.status(), 201, await stored.text());
  const { fileId } = (await stored.json()) as { fileId: string };
  const sent = await page.request.post('/api/sendFax', {
    headers,
    data: { toNumber: '(212) 555-0150', fileId, coverpage: false, pageCount: pages, anonymous: false },
  });
  assert.equal(sent.status(), 201, await sent.text());
}

/** Waits until new-user setup has granted the free plan's send credits (it runs after sign-up). */
async function openSendPage(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Send a fax' }).click();
  await waitForPath(page, '/send');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Send a fax', level: 1 }).waitFor();
}

async function enterNumber(page: Page, typed: string, shown: string): Promise<void> {
  await toField(page).fill(typed);
  await toField(page).press('Enter');
  // Shown as it will be dialled once read: the phone library loads when the field is first focused (decision 032).
  await page.getByRole('list', { name: 'Recipients' }).getByText(shown, { exact: true }).waitFor();
  assert.equal(await toField(page).inputValue(), '', 'the number left the field for its chip');
}

/** The drop zone's part of the page. */
function documentArea(page: Page) {
  return page.getByRole('region', { name: 'Document' });
}

function summary(page: Page) {
  return page.getByRole('region', { name: 'Summary' });
}

/** Uploads through the drop zone's file input; `details` is what the zone then says of it ("1 KB · 3 pages"). */
async function upload(page: Page, file: TestFile, details: RegExp): Promise<void> {
  await page.getByLabel('Choose a file').setInputFiles(file);
  await documentArea(page)
    .getByText(file.name, { exact: true })
    .waitFor({ timeout: UI_TIMEOUT_MS * 2 });
  await documentArea(page).getByText(details).waitFor();
}

/** Every answer to the cover page's preview from now on. */
function recordCoverPreviews(page: Page): Response[] {
  const answers: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/coverPagePreview') answers.push(response);
  });
  return answers;
}

/** Sends and answers the new fax's id, once its details page is showing. */
async function sendAndOpenDetails(page: Page, shown: string): Promise<string> {
  await page.getByRole('button', { name: 'Send fax' }).click();
  await page.waitForURL(/\/faxDetails\/(?:[0-9a-f-]{36}|[\w-]{55})$/);
  await waitForHydration(page);
  await page.getByRole('heading', { name: `Fax to ${shown}` }).waitFor();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** The fax page's status: its pill ("Delivered", "Retrying at 10:42 AM") and what was refunded beside it. */
function faxStatus(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: 'Status' }).getByRole('status').filter({ hasText: text });
}

/** A fax's particulars on its page ("Pages: 4 of 4 sent"). */
function faxFacts(page: Page) {
  return page.getByRole('region', { name: 'Details' });
}

/** The fax page shows it delivered, with every one of its `pages` pages sent. */
async function waitForDelivery(page: Page, pages: number): Promise<void> {
  await faxStatus(page, /^Delivered$/).waitFor({ timeout: FAX_TIMEOUT_MS });
  await faxFacts(page).getByText(`${pages} of ${pages} sent`, { exact: true }).waitFor();
}

describe('sending a fax', () => {
  const browser = useBrowser();

  it(
    'sends a 3-page PDF with a cover page and follows it to delivery, live on /sent and its details',
    limitWaitingForFaxes(2),
    async () => {
      const page = await browser.newPage();
      await signUp(page, { name: 'Ada Lovelace', label: 'send' });
      await waitForSendCredits(page, FREE_SEND_CREDITS);

      // Another tab keeps /sent open: the fax must appear and move on there by itself.
      const sentTab = await browser.newPage();
      await visit(sentTab, '/sent');
      await sentTab.getByText('You have not sent a fax yet.').waitFor();
      await liveIndicator(sentTab, 'Connected').waitFor();
      await assertNoSeriousAxeViolations(sentTab);

      await openSendPage(page);
      await summary(page).getByText(`You have ${FREE_SEND_CREDITS} credits`).waitFor();
      await assertNoSeriousAxeViolations(page);

      // A number that is not whole stays as a chip that says why; corrected, it is read.
      await toField(page).fill('212 555 012');
      await toField(page).press('Enter');
      await page.getByText('212 555 012: too short for a fax number').first().waitFor();
      assert.equal(await toField(page).getAttribute('aria-invalid'), 'true');
      await page.getByRole('button', { name: 'Edit 212 555 012: too short for a fax number' }).click();
      assert.equal(await toField(page).inputValue(), '212 555 012', 'back in the field to be corrected');
      await enterNumber(page, '2125550123', '(212) 555-0123');
      assert.deepEqual(await recipients(page), ['(212) 555-0123']);

      await upload(page, await makePdf(3, 'contract.pdf'), /^[\d.]+ KB · 3 pages$/);
      await summary(page).getByText('1 fax · 3 pages · 3 credits').waitFor();

      await page.getByLabel('Add a cover page').check();
      await page.getByRole('radio', { name: 'Modern' }).check();
      assert.equal(await page.getByLabel('To: fax number').inputValue(), '(212) 555-0123', 'prefilled from the recipient');
      assert.equal(await page.getByLabel('From: name').inputValue(), 'Ada Lovelace', 'prefilled from the account');
      // The cover page is drawn beside its fields, again once they settle.
      const previews = recordCoverPreviews(page);
      await page.getByLabel('To: name').fill('Charles Babbage');
      await page.getByLabel('Subject').fill('The analytical engine');
      await page.getByLabel('Message').fill('My notes are attached: three pages.');
      await summary(page).getByText('1 fax · 4 pages · 4 credits').waitFor();
      await summary(page).getByText('contract.pdf and a cover page').waitFor();

      const openPreview = page.getByRole('link', { name: 'Open the cover page preview in a new tab' });
      await page.getByText('Cover page preview', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS * 2 });
      assert.ok(previews.length > 0, 'the preview was made');
      for (const preview of previews) {
        assert.equal(preview.status(), 200);
        assert.equal(preview.headers()['content-type'], 'application/pdf');
      }
      const [previewTab] = await Promise.all([page.waitForEvent('popup'), openPreview.click()]);
      await previewTab.close();
      await assertNoSeriousAxeViolations(page);

      const faxId = await sendAndOpenDetails(page, '(212) 555-0123');
      await waitForDelivery(page, 4);
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await timeline.getByText('Accepted and queued for sending').waitFor();
      await timeline.getByText('Attempt 1: dialing').waitFor();
      await timeline.getByText('Delivered', { exact: true }).waitFor();
      await page.getByText('4 credits charged').waitFor();
      // The fax is the page's first action; its delivery confirmation is in the "⋯" menu.
      const downloads = [
        // The header's, then the viewer's: both are the fax as sent.
        page.getByRole('link', { name: 'Download', exact: true }).first(),
        (await openFaxActions(page)).getByRole('menuitem', { name: 'Download the delivery confirmation' }),
      ];
      for (const [index, link] of downloads.entries()) {
        const name = index === 0 ? 'the fax as sent' : 'the delivery confirmation';
        const href = await link.getAttribute('href');
        const file = await page.request.get(href!);
        assert.equal(file.status(), 200, name);
        assert.equal(file.headers()['content-type'], 'application/pdf', name);
      }
      await assertNoSeriousAxeViolations(page);

      const row = sentTab.getByRole('row').filter({ hasText: '(212) 555-0123' });
      await row.filter({ hasText: 'Delivered' }).filter({ hasText: '4 pages' }).waitFor({ timeout: FAX_TIMEOUT_MS });
      await row.getByText('Cover page').waitFor();
      await sentTab.getByText('Showing 1 of 1').waitFor();
      await assertNoSeriousAxeViolations(sentTab);
      await row.getByRole('link', { name: /^Open the fax to \(212\) 555-0123/ }).click();
      await waitForPath(sentTab, `/faxDetails/${faxId}`);

      // The dashboard's recent activity names the fax, its status and its pages, and opens it.
      await visit(sentTab, '/dashboard');
      const activity = sentTab.getByRole('region', { name: 'Recent activity' }).getByRole('listitem');
      const sent = activity.filter({ hasText: 'To (212) 555-0123' });
      await sent.getByText('Delivered', { exact: true }).waitFor();
      await sent.getByText('4 pages').waitFor();
      assert.equal(await activity.count(), 1);
      assert.equal(
        await sent.getByRole('link', { name: /^Open the fax to \(212\) 555-0123/ }).getAttribute('href'),
        `/faxDetails/${faxId}`,
      );
      await assertNoSeriousAxeViolations(sentTab);
    },
  );

  it('uploads a 1 MB JPEG with pause and resume, and sends it anonymously', limitWaitingForFaxes(1), async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'send-jpeg' });
    await waitForSendCredits(page, FREE_SEND_CREDITS);
    await openSendPage(page);
    await enterNumber(page, '+1 646 555 0188', '(646) 555-0188');

    // Hold the upload's chunks until the test lets them through, so Pause lands mid-upload.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith('/api/uploads/'),
      async (route: Route) => {
        if (route.request().method() === 'PUT') await gate;
        // Pause aborts the chunk under way: the page has already dropped that request.
        await route.continue().catch(() => undefined);
      },
    );
    const photo = await makeJpeg(page);
    assert.ok(photo.buffer.length >= 1024 * 1024, 'the JPEG is at least 1 MB');
    await page.getByLabel('Choose a file').setInputFiles(photo);

    const progress = page.getByRole('progressbar', { name: 'Upload of photo.jpg' });
    await progress.waitFor();
    const pause = page.getByRole('button', { name: 'Pause' });
    const resume = page.getByRole('button', { name: 'Resume' });
    const cancel = page.getByRole('button', { name: 'Cancel upload' });
    // Waits for Pause to be enabled: the upload client loads with the first file (decision 032).
    await pause.click({ trial: true });
    assert.equal(await pause.isEnabled(), true, 'pause works while running');
    assert.equal(await resume.isDisabled(), true);
    await pause.click();
    release();
    await page.getByText('Paused', { exact: true }).waitFor();
    assert.equal(await resume.isEnabled(), true, 'resume works from paused');
    assert.equal(await pause.isDisabled(), true);
    assert.equal(await cancel.isDisabled(), true, 'cancel works from running or pausing only');
    assert.match((await page.locator('.upload-amount').textContent()) ?? '', / of [\d.]+ MB/);
    await assertNoSeriousAxeViolations(page);
    await resume.click();
    await documentArea(page)
      .getByText(/^[\d.]+ (MB|KB) · 1 page$/)
      .waitFor({ timeout: UI_TIMEOUT_MS * 2 });
    await documentArea(page).getByText('photo.jpg', { exact: true }).waitFor();

    await page.getByLabel('Send anonymously').check();
    await summary(page).getByText('1 fax · 1 page · 1 credit').waitFor();
    await sendAndOpenDetails(page, '(646) 555-0188');
    await waitForDelivery(page, 1);
    await page.getByText('Hidden (sent anonymously)').waitFor();
  });

  it('explains a busy line in plain words, retries it, and refunds the credits', limitWaitingForFaxes(2), async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'send-busy' });
    await waitForSendCredits(page, FREE_SEND_CREDITS);
    await openSendPage(page);
    await enterNumber(page, '2125550001', '(212) 555-0001');
    await upload(page, await makePdf(1, 'memo.pdf'), /^[\d.]+ KB · 1 page$/);
    await sendAndOpenDetails(page, '(212) 555-0001');

    // Between attempts the page says when the next try is (the status), and what happened and which
    // attempt comes next (the banner above the document).
    await faxStatus(page, /^Retrying at \d{1,2}:\d\d [AP]M$/).waitFor({ timeout: FAX_TIMEOUT_MS });
    const retry = page.getByRole('region', { name: 'Trying again automatically' });
    await retry.getByText(/^Attempt [234] of 4 will start at \d{1,2}:\d\d [AP]M\./).waitFor();
    await retry.getByRole('heading', { name: 'Last attempt: Line busy' }).waitFor();
    await retry.getByText('The receiving fax line was busy when we called.').waitFor();

    await faxStatus(page, /^Failed: Line busy · 1 credit refunded$/).waitFor({ timeout: FAX_TIMEOUT_MS });
    const failure = page.getByRole('region', { name: 'Why it failed' });
    await failure.getByText('The receiving fax line was busy when we called.').waitFor();
    await failure.getByRole('heading', { name: 'What to do next' }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    for (const attempt of [1, 2, 3, 4]) await timeline.getByText(`Attempt ${attempt} failed: Line busy`).waitFor();
    for (const attempt of [2, 3, 4]) await timeline.getByText(`Attempt ${attempt} scheduled`).waitFor();
    await timeline.getByText('Credits refunded').waitFor();
    await page.getByText('1 credit charged · 1 credit refunded').waitFor();
    const menu = await openFaxActions(page);
    await menu.getByRole('menuitem', { name: 'Move to trash' }).waitFor();
    assert.equal(
      await menu.getByRole('menuitem', { name: 'Download the delivery confirmation' }).count(),
      0,
      'a failed fax has no confirmation',
    );
    await page.keyboard.press('Escape');
    await assertNoSeriousAxeViolations(page);
    await waitForSendCredits(page, FREE_SEND_CREDITS);

    await visit(page, '/sent');
    const row = page.getByRole('row').filter({ hasText: '(212) 555-0001' });
    await row.locator('.pill').getByText('Failed: Line busy').waitFor();
    await row.getByText('1 credit refunded').waitFor();
  });

  it("shows the server's reason when a send is refused, and keeps the form and the document", async () => {
    browser.expectConsoleErrors(SEND_402);
    const page = await browser.newPage();
    await signUp(page, { name: 'Grace Hopper', label: 'send-refused' });
    await waitForSendCredits(page, FREE_SEND_CREDITS);
    // This page hears nothing live (as with a socket that is down), so it still counts 10 credits
    // when another device spends most of them.
    await page.routeWebSocket(/\/api\/live/, () => undefined);
    await openSendPage(page);
    await enterNumber(page, '2125550123', '(212) 555-0123');
    await upload(page, await makePdf(3, 'report.pdf'), /^[\d.]+ KB · 3 pages$/);
    await page.getByLabel('Add a cover page').check();
    await page.getByLabel('Subject').fill('Quarterly report');
    await summary(page).getByText('1 fax · 4 pages · 4 credits').waitFor();

    await spendCreditsElsewhere(page, 7);
    const send = page.getByRole('button', { name: 'Send fax' });
    await send.click();
    // Said where the eye is: at the Send button.
    await summary(page).getByRole('alert').filter({ hasText: 'The fax was not sent. This fax needs 4 credits and you have 3.' }).waitFor();
    assert.equal(await summary(page).getByRole('link', { name: 'Get more credits' }).getAttribute('href'), '/upgrade');
    assert.equal(pathOf(page), '/send');
    assert.deepEqual(await recipients(page), ['(212) 555-0123']);
    assert.equal(await page.getByLabel('Subject').inputValue(), 'Quarterly report');
    await documentArea(page).getByText('report.pdf', { exact: true }).waitFor();
    await assertNoSeriousAxeViolations(page);
  });

  it('takes a document pasted as a data URL, and refuses pasted text that is not one (spec §5)', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'send-paste' });
    await openSendPage(page);
    const paste = (text: string) =>
      page.locator('.drop-zone').evaluate((zone, value) => {
        const data = new DataTransfer();
        data.setData('text/plain', value);
        zone.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);

    await paste('data:application/pdf;base64,not-base64_here');
    await page.getByRole('alert').filter({ hasText: 'The pasted text is not a PDF, PNG or JPEG file' }).waitFor();
    const pdf = await makePdf(2);
    await paste(`data:application/pdf;base64,${pdf.buffer.toString('base64')}`);
    await documentArea(page).getByText('pasted-document.pdf', { exact: true }).waitFor();
    await documentArea(page)
      .getByText(/^[\d.]+ KB · 2 pages$/)
      .waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'the earlier refusal is gone');
  });

  it('leaves the details of a fax that does not exist: back to the page before, else the dashboard', async () => {
    browser.expectConsoleErrors(DETAILS_404);
    const page = await browser.newPage();
    await signUp(page, { label: 'send-missing' });
    await page.getByRole('navigation').getByRole('link', { name: 'Sent', exact: true }).click();
    await waitForPath(page, '/sent');
    await openAndExpectReturn(page, `/faxDetails/${randomUUID()}`, '/sent');

    // Come from another fax's details: going back would only leave again, so the dashboard.
    await page.goto(`${BASE_URL}/faxDetails/${randomUUID()}`, { waitUntil: 'commit', referer: `${BASE_URL}/faxDetails/${randomUUID()}` });
    await waitForPath(page, '/dashboard');

    // Opened with no page before it (a typed address): the dashboard.
    // The island leaves as soon as the API says 404, which can be before "load": wait for commit only.
    await page.goto(`/faxDetails/${randomUUID()}`, { waitUntil: 'commit' });
    await waitForPath(page, '/dashboard');
    await page.goto('/faxDetails');
    await waitForPath(page, '/dashboard');
  });
});
