import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  assertNoSeriousAxeViolations,
  openAndExpectReturn,
  signUp,
  UI_TIMEOUT_MS,
  useBrowser,
  visit,
  waitForPath,
} from './support/browser.ts';
import { makePdf } from './support/documents.ts';
import { sendFaxFrom, waitForSendCredits } from './support/faxes.ts';
import { checkZoomAndRotation, waitForInk } from './support/viewer.ts';

// The pdf.js fax viewer (decision 019) on a sent fax's details page: thumbnails, turning
// pages by button, keyboard and thumbnail, zoom, rotation, download and print, and a failed load
// tried again; a long fax whose thumbnails draw as they come into sight. Then /preview leaving for
// a fax that is not a received fax of the user's.

const FAX_TIMEOUT_MS = 40_000;
const FREE_SEND_CREDITS = 10;
const TO_NUMBER = '(212) 555-0123';
// Chromium logs failed fetches as console errors; only the steps that cause them allow them.
const DOCUMENT_BLOCKED = /net::ERR_FAILED .*\[at .*\/api\/faxes\/[\w-]+\/document\]$/;
const DOCUMENT_404 = /status of 404 .*\[at .*\/api\/faxes\/[\w-]+\/document\]$/;
const DETAILS_404 = /status of 404 .*\[at .*\/api\/faxes\/[\w-]+\]$/;

describe('the fax viewer', () => {
  const browser = useBrowser();

  it("shows a sent fax's pages with thumbnails, page turning, zoom, rotation, download and print", async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'viewer' });
    await waitForSendCredits(page, FREE_SEND_CREDITS);
    const faxId = await sendFaxFrom(page, TO_NUMBER, 2);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    // The first load fails as on a dropped connection; "Try again" loads it.
    browser.expectConsoleErrors(DOCUMENT_BLOCKED);
    const documentPath = `/api/faxes/${faxId}/document`;
    const isDocument = (url: URL): boolean => url.pathname === documentPath;
    await page.route(isDocument, (route) => route.abort('failed'));
    await visit(page, `/faxDetails/${faxId}`);
    const viewer = page.getByRole('region', { name: `Fax to ${TO_NUMBER}` });
    await viewer
      .getByRole('alert')
      .filter({ hasText: 'The document could not be loaded. Check your connection and try again.' })
      .waitFor({ timeout: FAX_TIMEOUT_MS });
    await page.unroute(isDocument);
    const worker = page.waitForResponse((response) => /\/_astro\/pdf\.worker\.min\.[\w-]+\.mjs$/.test(response.url()));
    await viewer.getByRole('button', { name: 'Try again' }).click();

    // pdf.js's modern build in this browser, and its worker kept for a year (docs/decisions/032).
    assert.equal((await worker).headers()['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(
      requested.some((path) => /\/pdfjs-modern\.[\w-]+\.js$/.test(path)),
      'the modern build of pdf.js is loaded',
    );
    assert.ok(!requested.some((path) => /\/pdfjs-legacy\./.test(path)), 'the legacy build is not');

    await viewer.getByText('Page 1 of 2').waitFor();
    const thumbnails = viewer.getByRole('navigation', { name: 'Page thumbnails' }).getByRole('button');
    assert.equal(await thumbnails.count(), 2, 'a thumbnail per page');
    assert.equal(await thumbnails.nth(0).getAttribute('aria-current'), 'page', 'the current page is marked');
    await viewer.locator('.viewer-thumbnail canvas.drawn').nth(1).waitFor();
    const firstPage = viewer.getByRole('img', { name: 'Page 1' });
    assert.ok((await waitForInk(firstPage)) > 100, 'page 1 has text drawn on it');
    assert.equal(await viewer.getByRole('button', { name: 'Previous page' }).isDisabled(), true);
    await assertNoSeriousAxeViolations(page);

    await viewer.getByRole('button', { name: 'Next page' }).click();
    await viewer.getByText('Page 2 of 2').waitFor();
    await viewer.getByRole('img', { name: 'Page 2' }).waitFor();
    assert.equal(await thumbnails.nth(1).getAttribute('aria-current'), 'page');
    assert.equal(await thumbnails.nth(0).getAttribute('aria-current'), null);
    assert.equal(await viewer.getByRole('button', { name: 'Next page' }).isDisabled(), true);

    await viewer.getByRole('region', { name: 'Page view' }).focus();
    await page.keyboard.press('PageUp');
    await viewer.getByText('Page 1 of 2').waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer.getByText('Page 2 of 2').waitFor();
    await thumbnails.nth(0).click();
    await viewer.getByText('Page 1 of 2').waitFor();

    await checkZoomAndRotation(viewer, firstPage);
    const thumbnailBox = await viewer.locator('.viewer-thumbnail canvas').first().boundingBox();
    assert.ok(thumbnailBox && thumbnailBox.width > thumbnailBox.height, 'the thumbnails turn too');

    const download = viewer.getByRole('link', { name: 'Download', exact: true });
    assert.equal(await download.getAttribute('href'), documentPath);
    assert.equal(await download.getAttribute('download'), 'for-the-inbox.pdf');
    const file = await page.request.get(documentPath);
    assert.equal(file.status(), 200);
    assert.equal(file.headers()['content-type'], 'application/pdf');

    // Printing: every page as an image in the print-only container while the dialog is open.
    await page.evaluate(() => {
      const seen = window as unknown as { printed: Array<{ images: number; printing: boolean }> };
      seen.printed = [];
      window.print = () => {
        seen.printed.push({
          images: document.querySelectorAll('.fax-print-pages img').length,
          printing: document.documentElement.classList.contains('fax-printing'),
        });
        window.dispatchEvent(new Event('afterprint'));
      };
    });
    await viewer.getByRole('button', { name: 'Print' }).click();
    const printed = await page.waitForFunction(() => (window as unknown as { printed: unknown[] }).printed[0]);
    assert.deepEqual(await printed.jsonValue(), { images: 2, printing: true });
    assert.equal(await page.locator('.fax-print-pages').count(), 0, 'the print container is gone after printing');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('fax-printing')), false);
    await assertNoSeriousAxeViolations(page);

    // /preview is for received faxes: a sent one sends the user back where they came from.
    await visit(page, '/sent');
    await openAndExpectReturn(page, `/preview?faxId=${faxId}`, '/sent', FAX_TIMEOUT_MS);
  });

  it('says when the document is gone or unreadable, and draws the thumbnails of a long fax as they come into sight', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'viewer-long' });
    await waitForSendCredits(page, FREE_SEND_CREDITS);
    const faxId = await sendFaxFrom(page, TO_NUMBER, 1);

    // The page is the real one; the document it is given is first missing, then not a PDF, then
    // 40 pages long.
    const documentPath = `/api/faxes/${faxId}/document`;
    const long = await makePdf(40, 'long.pdf');
    const answers = [
      { status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found.' } }) },
      { status: 200, contentType: 'application/pdf', body: 'These bytes are not a PDF.' },
    ];
    await page.route(
      (url) => url.pathname === documentPath,
      (route) => route.fulfill(answers.shift() ?? { status: 200, contentType: 'application/pdf', body: long.buffer }),
    );
    browser.expectConsoleErrors(DOCUMENT_404);
    await visit(page, `/faxDetails/${faxId}`);
    const viewer = page.getByRole('region', { name: `Fax to ${TO_NUMBER}` });
    await viewer.getByRole('alert').filter({ hasText: 'This document is no longer available.' }).waitFor({ timeout: FAX_TIMEOUT_MS });
    await viewer.getByRole('button', { name: 'Try again' }).click();
    await viewer.getByRole('alert').filter({ hasText: 'This document could not be opened: it is not a readable PDF.' }).waitFor();
    await viewer.getByRole('button', { name: 'Try again' }).click();

    await viewer.getByText('Page 1 of 40').waitFor();
    const strip = viewer.getByRole('navigation', { name: 'Page thumbnails' });
    assert.equal(await strip.getByRole('button').count(), 40);
    await strip.locator('canvas.drawn').first().waitFor();
    await waitForInk(viewer.getByRole('img', { name: 'Page 1' }));
    const drawn = await strip.locator('canvas.drawn').count();
    assert.ok(drawn < 20, `only the thumbnails in or near sight are drawn (${drawn} of 40)`);

    const last = strip.getByRole('button', { name: 'Page 40' });
    await last.click();
    await viewer.getByText('Page 40 of 40').waitFor();
    await last.locator('canvas.drawn').waitFor();
    await page.keyboard.press('Home');
    await viewer.getByText('Page 1 of 40').waitFor();
    assert.equal(
      await strip.getByRole('button', { name: 'Page 1', exact: true }).evaluate((button) => button === document.activeElement),
      true,
      'the focus follows the page along the strip',
    );
    await assertNoSeriousAxeViolations(page);
  });

  it('leaves /preview for the dashboard when the fax is unknown and there is no page to go back to', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'viewer-missing' });
    browser.expectConsoleErrors(DETAILS_404);

    await page.goto(`/preview?faxId=${randomUUID()}`);
    await waitForPath(page, '/dashboard', UI_TIMEOUT_MS);

    // With a page of the site to go back to, it goes back there.
    await visit(page, '/inbox');
    await openAndExpectReturn(page, `/preview?faxId=${randomUUID()}`, '/inbox');

    // Without an id there is nothing to show.
    await page.goto('/preview');
    await waitForPath(page, '/dashboard');
  });
});
