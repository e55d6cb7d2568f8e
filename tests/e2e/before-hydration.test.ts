import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createAccount, GOOD_PASSWORD, uniqueEmail } from './support/api.ts';
import { BASE_URL, holdRequests, UI_TIMEOUT_MS, useBrowser, waitForPath } from './support/browser.ts';
import { makePdf } from './support/documents.ts';
import { signUpConfirmed } from './support/seeded-account.ts';

// Decision 034: on a slow phone a page is usable before its islands hydrate; what a person types,
// ticks, picks and submits meanwhile is kept and acted on once they have. Every script of the site
// is held back until the test has done all of it while the page is still only HTML, and then let
// go (an event, not a delay: a fixed delay either cost every test its length or, on a loaded
// machine, ran out before the typing was done).
const HYDRATED_MS = UI_TIMEOUT_MS * 4;

/**
 * Opens `path` with every script of the site held back; the test goes on as soon as its HTML
 * arrives, and calls the answer to let the scripts load (the page then hydrates).
 */
async function openBeforeHydration(page: Page, path: string): Promise<() => void> {
  await page.unroute('**/_astro/*.js');
  const release = await holdRequests(page, '**/_astro/*.js');
  // Not 'domcontentloaded': the page's module scripts hold that event back until they have run.
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

/** /send's drop zone and what it says of the document. */
function sendDocumentArea(page: Page): Locator {
  return page.getByRole('region', { name: 'Document' });
}

async function assertNotHydrated(page: Page): Promise<void> {
  assert.ok((await page.locator('astro-island[ssr]').count()) > 0, 'the islands have not hydrated yet');
}

/** Submits with `button` while the page has not hydrated, and checks that the page shows it was taken. */
async function submitBeforeHydration(page: Page, button: Locator): Promise<void> {
  await button.click();
  await assertNotHydrated(page);
  assert.equal(await button.getAttribute('aria-busy'), 'true', 'the button shows the submit was taken');
}

/** Opens /send with its scripts held, types (212) 555-0123 in To, moves on and picks a 2-page PDF; answers the To field and the scripts' release. */
async function typeNumberAndPickFileEarly(page: Page): Promise<{ to: Locator; release: () => void }> {
  const release = await openBeforeHydration(page, '/send');
  const to = page.getByRole('combobox', { name: 'To' });
  await to.fill('2125550123');
  // Moving on from the field is what makes a typed number a chip.
  await to.press('Tab');
  await page.getByLabel('Choose a file').setInputFiles(await makePdf(2));
  return { to, release };
}

describe('what is done before the page is ready', () => {
  const browser = useBrowser();

  it('signs in with what was typed and submitted before hydration', async () => {
    const account = await createAccount({ label: 'early-sign-in' });
    const page = await browser.newPage();
    // A first visit opens on signing up (decision 039): a returning person's link asks for signing in.
    const release = await openBeforeHydration(page, '/login?mode=signin&redirect=%2Fdashboard');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await submitBeforeHydration(page, page.getByRole('button', { name: 'Sign in', exact: true }));
    release();
    await waitForPath(page, '/dashboard', HYDRATED_MS);
    await page
      .getByRole('button', { name: /Account menu/ })
      .filter({ hasText: account.email })
      .first()
      .waitFor({ timeout: HYDRATED_MS });
  });

  it('creates the account typed before hydration', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('early-sign-up');
    const release = await openBeforeHydration(page, '/login?mode=signup');
    await page.getByLabel('Your name (optional)').fill('Early Bird');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(GOOD_PASSWORD);
    await submitBeforeHydration(page, page.getByRole('button', { name: 'Create account' }));
    release();
    await waitForPath(page, '/welcome', HYDRATED_MS);
    await page.getByRole('heading', { name: 'Welcome to FaxFlow, Early Bird' }).waitFor({ timeout: HYDRATED_MS });
  });

  it('mails the reset link asked for before hydration', async () => {
    const account = await createAccount({ label: 'early-recover' });
    const page = await browser.newPage();
    const release = await openBeforeHydration(page, '/recover');
    await page.getByLabel('E-mail').fill(account.email);
    await submitBeforeHydration(page, page.getByRole('button', { name: 'Send reset link' }));
    release();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor({ timeout: HYDRATED_MS });
    const outbox = await page.request.get(`/api/devOutbox?to=${encodeURIComponent(account.email)}`);
    const { mail } = (await outbox.json()) as { mail: Array<{ text: string }> };
    assert.ok(
      mail.some((m) => m.text.includes('/recover?token=')),
      'a reset link was mailed',
    );
  });

  it('keeps the document picked and the number typed on /send before hydration', async () => {
    const page = await browser.newPage();
    await signUpConfirmed(page, 'Early Sender', 'early-send');
    const { to, release } = await typeNumberAndPickFileEarly(page);
    await assertNotHydrated(page);
    release();
    await sendDocumentArea(page).getByText('document-2-pages.pdf', { exact: true }).waitFor({ timeout: HYDRATED_MS });
    await sendDocumentArea(page)
      .getByText(/^[\d.]+ KB · 2 pages$/)
      .waitFor();
    // Read as it will be dialled: the phone library comes with the first number to read.
    await page.getByRole('list', { name: 'Recipients' }).getByText('(212) 555-0123', { exact: true }).waitFor({ timeout: HYDRATED_MS });
    assert.equal(await to.inputValue(), '', 'the number left the field for its chip');
    await page.getByRole('region', { name: 'Summary' }).getByText('1 fax · 2 pages · 2 credits').waitFor();
  });

  it('sends the fax when Send was pressed before hydration, once the document has uploaded', { timeout: HYDRATED_MS * 2 }, async () => {
    const page = await browser.newPage();
    await signUpConfirmed(page, 'Early Presser', 'early-press');
    const { release } = await typeNumberAndPickFileEarly(page);
    await submitBeforeHydration(page, page.getByRole('button', { name: 'Send fax' }));
    release();
    // Replayed as the upload starts, the send waits for it rather than asking for another press.
    await page.waitForURL((url) => url.pathname.startsWith('/faxDetails/'), { timeout: HYDRATED_MS });
  });

  it('keeps a document dropped on /send before hydration, where the browser would have opened it', async () => {
    const page = await browser.newPage();
    await signUpConfirmed(page, 'Early Dropper', 'early-drop');
    const release = await openBeforeHydration(page, '/send');
    const pdf = await makePdf(1, 'dropped.pdf');
    const dataTransfer = await page.evaluateHandle(
      ({ base64, name }) => {
        const transfer = new DataTransfer();
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type: 'application/pdf' }));
        return transfer;
      },
      { base64: pdf.buffer.toString('base64'), name: pdf.name },
    );
    const zone = sendDocumentArea(page).getByText('Drop your document here');
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await assertNotHydrated(page);
    release();
    await sendDocumentArea(page).getByText('dropped.pdf', { exact: true }).waitFor({ timeout: HYDRATED_MS });
    await sendDocumentArea(page)
      .getByText(/^[\d.]+ KB · 1 page$/)
      .waitFor();
    assert.equal(new URL(page.url()).pathname, '/send');
  });

  it('saves the settings changed before hydration', async () => {
    const page = await browser.newPage();
    await signUpConfirmed(page, 'Early Settler', 'early-settings');
    const releaseProfile = await openBeforeHydration(page, '/settings?section=profile');
    await page.getByLabel('Display name').fill('Ada Early');
    await submitBeforeHydration(page, page.getByRole('button', { name: 'Save name' }));
    await assertNotHydrated(page);
    releaseProfile();
    await page.getByText('Your name was saved.').waitFor({ timeout: HYDRATED_MS });

    const releaseNotifications = await openBeforeHydration(page, '/settings?section=notifications');
    const mailMe = page.getByLabel(/when a fax arrives/);
    const wasOn = await mailMe.isChecked();
    await mailMe.setChecked(!wasOn);
    await assertNotHydrated(page);
    releaseNotifications();
    await page
      .getByText(wasOn ? 'No more mails when a fax arrives' : 'You will get a mail for every fax that arrives.')
      .waitFor({ timeout: HYDRATED_MS });
    const { account } = (await (await page.request.get('/api/account')).json()) as {
      account: { displayName: string; mailOnFaxReceived: boolean };
    };
    assert.deepEqual([account.displayName, account.mailOnFaxReceived], ['Ada Early', !wasOn]);
  });

  it('searches the phonebook for what was typed before hydration, though hydrating draws the field afresh', async () => {
    const page = await browser.newPage();
    await signUpConfirmed(page, 'Early Searcher', 'early-search');
    for (const [name, faxNumber] of [
      ['Zed Zebra', '2125550111'],
      ['Amy Apple', '2125550112'],
    ]) {
      const added = await page.request.post('/api/addContact', { headers: { origin: BASE_URL }, data: { name, faxNumber } });
      assert.equal(added.status(), 201, await added.text());
    }
    const release = await openBeforeHydration(page, '/phonebook');
    const search = page.getByLabel('Search contacts');
    await search.fill('Zed');
    await assertNotHydrated(page);
    release();
    await page.getByText('Amy Apple').waitFor({ state: 'detached', timeout: HYDRATED_MS });
    await page.getByText('Zed Zebra').waitFor();
    assert.equal(await search.inputValue(), 'Zed');
  });
});
