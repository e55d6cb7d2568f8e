import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoSeriousAxeViolations, BASE_URL, signUp, UI_TIMEOUT_MS, useBrowser, visit, waitForHydration } from './support/browser.ts';
import { pasteText, recipients, toField } from './support/composer.ts';
import { makePdf } from './support/documents.ts';
import { waitForSendCredits } from './support/faxes.ts';

// /send as one composer: the To field's chips from typing, pasting and the phonebook;
// Send, never disabled, taking the person to what is missing and saying why there; what went
// wrong with a file said inside the drop zone; the common send on one desktop screen; the
// send-later presets in the browser's own time zone.

async function openSendPage(page: Page, width = 1280, height = 800): Promise<void> {
  await page.setViewportSize({ width, height });
  await visit(page, '/send');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Send a fax', level: 1 }).waitFor();
}

/** The id of the element with focus. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.id ?? '');
}

async function addContact(page: Page, contact: Record<string, string>): Promise<void> {
  const answer = await page.request.post('/api/addContact', { headers: { origin: BASE_URL }, data: contact });
  assert.equal(answer.status(), 201, await answer.text());
}

describe('the send composer', () => {
  const browser = useBrowser();

  it('makes chips of numbers typed, pasted and contacts picked, merges repeats and keeps what is past the limit', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'composer-chips' });
    await addContact(page, { name: 'Charles Babbage', faxNumber: '212 555 0199' });
    await openSendPage(page);
    const to = toField(page);

    // Typed: Enter and a comma each make a chip, shown as it will be dialled.
    await to.fill('2125550123');
    await to.press('Enter');
    await to.pressSequentially('312 555 0190,');
    await page.getByRole('list', { name: 'Recipients' }).getByText('(312) 555-0190').waitFor();
    assert.deepEqual(await recipients(page), ['(212) 555-0123', '(312) 555-0190']);

    // Pasted: a list makes many; a repeat is merged and said; what is no number stays, with why.
    await pasteText(page, '312.555.0001\n(212) 555-0123, 212 555 01');
    await page.getByText('1 repeated number was merged.').waitFor();
    assert.deepEqual(await recipients(page), ['(212) 555-0123', '(312) 555-0190', '(312) 555-0001', '212 555 01']);
    await page.getByText('212 555 01: too short for a fax number').first().waitFor();
    await assertNoSeriousAxeViolations(page);

    // Backspace in the empty field takes the last chip away.
    await to.press('Backspace');
    await page.getByText('212 555 01 removed.').waitFor();
    assert.deepEqual(await recipients(page), ['(212) 555-0123', '(312) 555-0190', '(312) 555-0001']);

    // A contact from the phonebook, by name.
    await to.pressSequentially('babb');
    await page
      .getByRole('listbox', { name: 'Contacts' })
      .getByRole('option', { name: /Charles Babbage/ })
      .waitFor();
    await to.press('Enter');
    await page.getByText('Charles Babbage added.').waitFor();
    assert.deepEqual(await recipients(page), ['(212) 555-0123', '(312) 555-0190', '(312) 555-0001', 'Charles Babbage(212) 555-0199']);
    await page.getByRole('region', { name: 'Summary' }).getByText('4 numbers', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send to 4 numbers' }).waitFor();
    await page.getByRole('button', { name: 'Remove (312) 555-0190' }).click();
    assert.equal(await page.getByRole('list', { name: 'Recipients' }).getByRole('listitem').count(), 3);

    // Past the limit of one send: 50 chips, the rest left in the field, said.
    const many = Array.from({ length: 49 }, (_, i) => `(646) 555-01${String(i).padStart(2, '0')}`);
    await to.focus();
    await pasteText(page, many.join('\n'));
    await page.getByText('A fax goes to at most 50 numbers at once. The other 2 are left in the field.').waitFor();
    assert.equal(await page.getByRole('list', { name: 'Recipients' }).getByRole('listitem').count(), 50);
    assert.equal(await to.inputValue(), `${many[47]}, ${many[48]}`);
  });

  it('takes the person to the first thing missing when Send is pressed, and says why there', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'composer-missing' });
    await waitForSendCredits(page, 10);
    await openSendPage(page);
    const send = page.getByRole('button', { name: 'Send fax' });
    assert.equal(await send.isEnabled(), true, 'Send is never disabled');

    await send.click();
    const toAlert = page.getByRole('alert').filter({ hasText: 'Add who the fax goes to: a contact or a fax number.' });
    await toAlert.waitFor();
    assert.equal(await focused(page), 'send-to');
    assert.equal(await toField(page).getAttribute('aria-invalid'), 'true');
    // The document is missing too, and says so in its place.
    await page.getByRole('region', { name: 'Document' }).getByText('Add the document to send: drop it here or choose a file.').waitFor();
    await assertNoSeriousAxeViolations(page);

    // From the keyboard: the number, then Send again, which goes on to the document.
    await toField(page).fill('2125550123');
    await toField(page).press('Enter');
    await toAlert.waitFor({ state: 'detached' });
    await send.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: 'Document' })
      .getByRole('alert')
      .filter({ hasText: 'Add the document to send: drop it here or choose a file.' })
      .waitFor();
    assert.equal(await focused(page), 'send-document');
    assert.equal(await page.locator('#send-document').evaluate((input) => input.matches(':focus-visible')), true);

    // A time in the past to send later: Send goes there once the rest is in.
    await page.getByLabel('Choose a file').setInputFiles(await makePdf(1, 'memo.pdf'));
    await page
      .getByRole('region', { name: 'Document' })
      .getByText('memo.pdf', { exact: true })
      .waitFor({ timeout: UI_TIMEOUT_MS * 2 });
    await page.getByLabel('Send later').check();
    await page.getByLabel(/Date and time \(/).fill('2020-01-01T09:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Pick a time in the future, at most 90 days from now.' }).waitFor();
    assert.equal(await focused(page), 'send-later-at');
  });

  it('says inside the drop zone what is wrong with a file, and announces it', async () => {
    browser.expectConsoleErrors(/status of 400 .*\[at .*\/api\/files\]$/);
    const page = await browser.newPage();
    await signUp(page, { label: 'composer-file' });
    await openSendPage(page);
    const zone = page.getByRole('region', { name: 'Document' });

    await page.getByLabel('Choose a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await zone.getByRole('alert').filter({ hasText: 'notes.txt is not a PDF, PNG or JPEG file, so it cannot be faxed.' }).waitFor();
    await assertNoSeriousAxeViolations(page);

    // A file the server cannot read: said in the zone, with the way to try again.
    await page.route(
      (url) => url.pathname === '/api/files',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'CORRUPT_DOCUMENT', message: 'The document could not be read.' } }),
        }),
    );
    await page.getByLabel('Choose a file').setInputFiles(await makePdf(1, 'memo.pdf'));
    await zone
      .getByRole('alert')
      .filter({ hasText: 'This file could not be read. It may be damaged; export it again and upload the new copy.' })
      .waitFor();
    await zone.getByRole('button', { name: 'Upload it again' }).waitFor();
    assert.equal(await page.getByText('No file chosen').count(), 0, 'never the native control’s words');
  });

  it('fits the common send, one number and one file, on one 1280×800 screen with Send in view', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'composer-fits' });
    await waitForSendCredits(page, 10);
    await openSendPage(page, 1280, 800);
    await toField(page).fill('2125550123');
    await toField(page).press('Enter');
    await page.getByLabel('Choose a file').setInputFiles(await makePdf(2, 'letter.pdf'));
    const zone = page.getByRole('region', { name: 'Document' });
    await zone.getByText(/^[\d.]+ KB · 2 pages$/).waitFor({ timeout: UI_TIMEOUT_MS * 2 });
    await page.getByRole('region', { name: 'Summary' }).getByText('1 fax · 2 pages · 2 credits').waitFor();

    assert.equal(await page.evaluate(() => window.scrollY), 0);
    const send = await page.getByRole('button', { name: 'Send fax' }).boundingBox();
    assert.ok(send && send.y + send.height <= 800, `Send ends at ${send && send.y + send.height} px`);
    const document = await zone.boundingBox();
    assert.ok(document && document.y + document.height <= 800, 'the document is in view too');
    await assertNoSeriousAxeViolations(page);
    // No transition: axe reads colours at once, and a background on its way to dark is neither.
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await assertNoSeriousAxeViolations(page);
  });

  it('keeps Send above the tab bar on a phone', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'composer-phone' });
    await openSendPage(page, 375, 667);
    const send = await page.getByRole('button', { name: 'Send fax' }).boundingBox();
    const tabs = await page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link', { name: 'Inbox' }) })
      .last()
      .boundingBox();
    assert.ok(send && tabs && send.y + send.height <= tabs.y, 'Send sits above the tab bar');
    await assertNoSeriousAxeViolations(page);
    // No transition: axe reads colours at once, and a background on its way to dark is neither.
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    // From the keyboard, so the button is not left hovered (the dark hover blue is the visual system's).
    await page.getByRole('button', { name: 'Send fax' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Add who the fax goes to' }).waitFor();
    await assertNoSeriousAxeViolations(page);
  });
});

describe('sending later from /send in the browser’s own time zone', () => {
  const browser = useBrowser({ timezoneId: 'Asia/Kolkata' });

  it('schedules for tomorrow at 8 AM, Kolkata time', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'composer-later' });
    await waitForSendCredits(page, 10);
    await openSendPage(page);
    await toField(page).fill('(312) 555-0190');
    await toField(page).press('Enter');
    await page.getByLabel('Choose a file').setInputFiles(await makePdf(1, 'later.pdf'));
    await page
      .getByRole('region', { name: 'Document' })
      .getByText('later.pdf', { exact: true })
      .waitFor({ timeout: UI_TIMEOUT_MS * 2 });
    await page.getByLabel('Send later').check();
    await page.getByRole('button', { name: 'Tomorrow 8 AM' }).click();
    assert.equal(await page.getByRole('button', { name: 'Tomorrow 8 AM' }).getAttribute('aria-pressed'), 'true');
    await page.getByText(/It will be sent on .*, 8:00 AM, your time\./).waitFor();
    await page.getByLabel('Date and time (Asia/Calcutta)').or(page.getByLabel('Date and time (Asia/Kolkata)')).waitFor();
    await assertNoSeriousAxeViolations(page);

    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/sendFax'),
      page.getByRole('button', { name: 'Schedule', exact: true }).click(),
    ]);
    const { sendAt } = request.postDataJSON() as { sendAt: number };
    const inKolkata = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', day: 'numeric' });
    const tomorrow = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', day: 'numeric' }).format(
      Date.now() + 24 * 60 * 60 * 1000,
    );
    assert.equal(inKolkata.format(sendAt), `${tomorrow}, 8:00 AM`);
    await page.waitForURL(/\/faxDetails\/(?:[0-9a-f-]{36}|[\w-]{55})$/);
  });
});
