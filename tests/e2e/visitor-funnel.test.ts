import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/api.ts';
import {
  assertNoSeriousAxeViolations,
  BASE_URL,
  fillSignInForm,
  liveIndicator,
  signOutFromMenu,
  useBrowser,
  visit,
  waitForHydration,
  waitForPath,
} from './support/browser.ts';
import { makePdf } from './support/documents.ts';

// The visitor's side (decision 039): the send landing page's button opens sign-up (not sign-in) with
// the offer, a document chosen on the sign-up card is on /send once the account exists; /terms and
// /privacy name the configured company; /login greets a first-time visitor with sign-up and a
// returning one with sign-in. The company is wrangler.toml's (README "Configuration").

const COMPANY = 'FaxFlow Example, Inc.';
const ADDRESS = '100 Example Street, Suite 200, Springfield, IL 62701, United States';
const PASSWORD = 'a long and private phrase';

/** The free pages GET /api/options answers: the figure every offer must state. */
async function freePages(): Promise<number> {
  const options = (await (await fetch(`${BASE_URL}/api/options`)).json()) as { free: { send: number } };
  return options.free.send;
}

/** axe in the light theme and the dark one; without motion, so no colour is caught mid-transition. */
async function assertAxeInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await assertNoSeriousAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: null });
}

describe('the send-now path', () => {
  const browser = useBrowser();

  it('opens sign-up from the send landing page, keeps the document chosen there, and /send has it after', async () => {
    const free = await freePages();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/lp/send-fax?s=adwords&c=send-now&v=a');
    // The offer is in the first screen of a phone, before any scrolling.
    const offer = page.getByText(`${free} free pages, no card needed`);
    assert.ok(((await offer.boundingBox())?.y ?? Infinity) < 667, 'the free pages are in the first screen');
    await page.getByRole('link', { name: 'Send a fax', exact: true }).first().click();

    await waitForPath(page, '/login?mode=signup&redirect=%2Fsend');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByText(`Your first ${free} pages are free, no card needed.`).waitFor();
    await assertAxeInBothThemes(page);

    // Not a document: said inside the card, where the eye is.
    await page
      .getByLabel('Choose a PDF or a photo')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('alert').filter({ hasText: 'notes.txt is not a PDF, PNG or JPEG file' }).waitFor();

    await page.getByLabel('Choose a PDF or a photo').setInputFiles(await makePdf(2, 'contract.pdf'));
    await page.getByText('Kept for you').waitFor();
    await page.getByText('contract.pdf').waitFor();
    // It stays on the card when the form turns to signing in and back, and through a reload.
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await page.getByText('contract.pdf').waitFor();
    await page.getByRole('button', { name: 'New here? Create an account' }).click();
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Your document' }).waitFor();
    await page.getByText('contract.pdf').waitFor();

    await page.getByLabel('E-mail').fill(uniqueEmail('send-now'));
    await page.getByLabel('Password').fill(PASSWORD);
    const terms = page.getByText(/^By creating an account you agree to the/);
    assert.equal(await terms.getByRole('link', { name: 'Terms' }).getAttribute('href'), '/terms');
    assert.equal(await terms.getByRole('link', { name: 'Privacy policy' }).getAttribute('href'), '/privacy');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Straight to /send, the document attached and uploading to the new account.
    await waitForPath(page, '/send');
    await waitForHydration(page);
    await page
      .getByText(/contract\.pdf/)
      .first()
      .waitFor();
    // Taken once: nothing waits in the browser any more.
    assert.equal(await page.evaluate(() => localStorage.getItem('keptDocument')), null);
  });

  it('lets a document chosen there be removed before signing up', async () => {
    const page = await browser.newPage();
    await visit(page, '/login?mode=signup&redirect=%2Fsend');
    await page.getByLabel('Choose a PDF or a photo').setInputFiles(await makePdf(1, 'memo.pdf'));
    await page.getByText('Kept for you').waitFor();
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByLabel('Choose a PDF or a photo').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('keptDocument')), null);
  });
});

describe('the terms and the privacy policy', () => {
  const browser = useBrowser();

  it('name the configured company, are linked from every footer, and pass axe in light and dark', async () => {
    const page = await browser.newPage();
    for (const [path, heading] of [
      ['/terms', 'Terms of service'],
      ['/privacy', 'Privacy policy'],
    ] as const) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByText(`${COMPANY}, ${ADDRESS}`).first().waitFor();
      await page.getByRole('link', { name: 'support@faxflow.example' }).first().waitFor();
      await assertAxeInBothThemes(page);
    }
    // What the privacy policy says is this deployment's: where data is, how long backups keep it.
    await page.getByText('Documents and account data are stored in the United States.').first().waitFor();
    await page.getByText("Deleted data stays in our database's backups for up to 30 days").waitFor();

    for (const path of ['/lp/receive-fax', '/login', '/upgrade']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      assert.equal(await footer.getByRole('link', { name: 'Terms' }).getAttribute('href'), '/terms', path);
      assert.equal(await footer.getByRole('link', { name: 'Privacy' }).getAttribute('href'), '/privacy', path);
      await footer.getByText(`is a service of ${COMPANY}`).waitFor();
    }
  });
});

describe('/login’s two faces', () => {
  const browser = useBrowser();

  it('greets a first-time visitor with sign-up and the offer, a returning one with sign-in', async () => {
    const free = await freePages();
    const page = await browser.newPage();
    await visit(page, '/login');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByText(`${free} free pages to send, no card needed.`).waitFor();
    assert.equal(await page.getByRole('link', { name: 'See the plans' }).getAttribute('href'), '/upgrade');
    await assertAxeInBothThemes(page);

    // The landing pages' "Sign in" asks for the other face, whoever comes.
    await visit(page, '/lp/receive-fax');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login?mode=signin');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();

    // Once this browser has signed in, /login opens on signing in, even after signing out.
    const account = await createAccount({ label: 'two-faces' });
    await fillSignInForm(page, account);
    await waitForPath(page, '/dashboard');
    await waitForHydration(page);
    // Connected (the live state is only shown when broken): signing out now closes a socket, not a handshake.
    await liveIndicator(page, 'Connected').waitFor({ state: 'attached' });
    await signOutFromMenu(page);
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await assertAxeInBothThemes(page);
    // A returning visitor can still make a new account, and an address can ask for it.
    await visit(page, '/login?mode=signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  });
});
