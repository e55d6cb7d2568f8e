import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { type Account, createAccount } from './support/api.ts';
import {
  assertNoSeriousAxeViolations,
  fillSignInForm,
  LOGIN_401,
  liveIndicator,
  useBrowser,
  visit,
  waitForHydration,
  waitForPath,
} from './support/browser.ts';

// When its session ends, the other device's dashboard learns it from a 401 on verifyAuth; a wrong
// password on the sign-in form and a dead reset link are 401/400 answers. Chromium logs each.
const VERIFY_AUTH_401 = /status of 401 .*\[at .*\/api\/verifyAuth\]$/;
const RESET_400 = /status of 400 .*\[at .*\/api\/resetPassword\]$/;

const NEW_PASSWORD = 'a fresh and private phrase';

/** Asks for a reset link on /recover, as a user who forgot their password would. */
async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: `If an account exists for ${email}, we sent a link` })
    .waitFor();
}

/** Signs the account in on a device and waits for its live dashboard. */
async function openDashboard(page: Page, account: Account): Promise<void> {
  await visit(page, '/login?redirect=%2Fdashboard');
  await fillSignInForm(page, account);
  await waitForPath(page, '/dashboard');
  await liveIndicator(page, 'Connected').waitFor();
}

describe('password recovery', () => {
  const browser = useBrowser();
  const otherDevice = useBrowser();

  // One account for the whole journey: every sign-up of the run comes from one address, and
  // sign-ups are limited per address (worker/domain/rate-limits.ts). Axe checks each page on the way.
  it('resets a forgotten password from the sign-in page, and signs out every other device', async () => {
    otherDevice.expectConsoleErrors(VERIFY_AUTH_401, LOGIN_401);
    const account = await createAccount({ name: 'Forgetful Fred', label: 'recover' });
    const elsewhere = await otherDevice.newPage();
    await openDashboard(elsewhere, account);

    const page = await browser.newPage();
    // "Sign in" leads here: this browser never signed in, so the address asks for the sign-in face.
    await visit(page, '/login?mode=signin&redirect=%2Fdashboard');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/recover?redirect=%2Fdashboard');
    await waitForHydration(page);
    await assertNoSeriousAxeViolations(page);
    await askForLink(page, account.email);
    await assertNoSeriousAxeViolations(page);

    // The mail waits in the local outbox; its link is followed from there.
    await visit(page, `/dev/outbox?to=${encodeURIComponent(account.email)}`);
    await page.getByRole('heading', { name: 'Reset your FaxFlow password' }).waitFor();
    await assertNoSeriousAxeViolations(page);
    await page
      .getByRole('link', { name: /\/recover\?token=/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/recover' && url.searchParams.has('token'));
    await waitForHydration(page);

    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await assertNoSeriousAxeViolations(page);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Forgetful' }).waitFor();
    await liveIndicator(page, 'Connected').waitFor();

    // The other device's session ended: its dashboard goes to sign in by itself.
    await waitForPath(elsewhere, '/login?redirect=%2Fdashboard');
    await waitForHydration(elsewhere);
    await fillSignInForm(elsewhere, account);
    await elsewhere.getByRole('alert').filter({ hasText: 'The e-mail or password is wrong.' }).waitFor();
    await fillSignInForm(elsewhere, { email: account.email, password: NEW_PASSWORD });
    await waitForPath(elsewhere, '/dashboard');
  });

  it('says when a link is no longer valid, and offers a new one', async () => {
    browser.expectConsoleErrors(RESET_400);
    const page = await browser.newPage();
    await visit(page, `/recover?token=${randomBytes(32).toString('base64url')}`);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'This link to reset your password is invalid, has expired or was already used.' }).waitFor();
    await alert.getByRole('link', { name: 'Request a new link' }).click();
    await waitForPath(page, '/recover');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  });
});
