import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, sessionCookieFrom } from './support/api.ts';
import { appCode } from './support/authenticator.ts';
import {
  assertNoSeriousAxeViolations,
  fillSignInForm,
  signOutFromMenu,
  signUp,
  useBrowser,
  visit,
  waitForHydration,
  waitForPath,
} from './support/browser.ts';

// Issue 34: two-step verification with an authenticator app and recovery codes (decision 044). The
// test is the app: it reads the key the page shows and computes the codes.

const CODE_400 = /status of 400 .*\[at .*\/api\/verifySignIn\]$/;
const STEP_UP_403 = /status of 403 .*\[at .*\/api\/changePassword\]$/;

/** Turns two-step verification on in Settings › Security; answers the key shown and the recovery codes. */
async function turnOn(page: Page): Promise<{ key: string; codes: string[] }> {
  await visit(page, '/settings?section=security');
  await waitForHydration(page);
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await card.getByText('Off', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const key = (await dialog.locator('code').textContent()) ?? '';
  assert.match(key, /^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/, 'a 160-bit key in groups of four');
  await assertNoSeriousAxeViolations(page);
  await dialog.getByLabel('Then type the 6-digit code the app shows').fill(appCode(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const list = codesDialog.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  assert.equal(codes.length, 10);
  await assertNoSeriousAxeViolations(page);
  await codesDialog.getByRole('button', { name: 'I saved them' }).click();
  await card.getByRole('status').filter({ hasText: 'Two-step verification is on' }).waitFor();
  await card.getByText('10 recovery codes left').waitFor();
  return { key, codes };
}

/** Signs out from the menu, then in again with the password, up to the second step. */
async function signOutAndInAgain(page: Page, account: { email: string; password: string }): Promise<void> {
  await signOutFromMenu(page);
  await waitForPath(page, '/login');
  await waitForHydration(page);
  await fillSignInForm(page, account);
  await waitForPath(page, '/signInCheck');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Enter the code from your app' }).waitFor();
}

describe('two-step verification', () => {
  const browser = useBrowser();

  it('is set up from the key on the page, asked after the password, takes each code once, and takes a recovery code', async () => {
    browser.expectConsoleErrors(CODE_400);
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'two-step' });
    const { key, codes } = await turnOn(page);

    await signOutAndInAgain(page, account);
    await assertNoSeriousAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertNoSeriousAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    // The set-up used the code of this 30-second step: the app's next one signs in.
    const code = appCode(key, 1);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');

    // The same code a second time is refused; a recovery code gets in and says what is left.
    await signOutAndInAgain(page, account);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!.toUpperCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('status').filter({ hasText: 'You have 9 recovery codes left.' }).waitFor();
    await assertNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await waitForPath(page, '/dashboard');
  });

  it('still asks for the code after a reset by e-mail, and the new password counts only then', async () => {
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'two-step-reset' });
    const { key } = await turnOn(page);
    await signOutFromMenu(page);
    await waitForPath(page, '/login');

    await visit(page, '/recover');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await visit(page, `/dev/outbox?to=${encodeURIComponent(account.email)}`);
    await page
      .getByRole('link', { name: /\/recover\?token=/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/recover' && url.searchParams.has('token'));
    await waitForHydration(page);
    await page.getByLabel('New password').fill('a fresh and private phrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await waitForPath(page, '/signInCheck?redirect=%2Fdashboard');
    await waitForHydration(page);
    await page.getByLabel('6-digit code').fill(appCode(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
  });

  it('asks for a code before a password change in a session that has not proved it lately, then makes the change', async () => {
    browser.expectConsoleErrors(STEP_UP_403);
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'step-up' });
    // Two-step verification is turned on from another device: this browser's session never proved it.
    const elsewhere = sessionCookieFrom(
      await callApi('/login', { method: 'POST', body: { email: account.email, password: account.password } }),
    );
    const setup = (await (await callApi('/startAppSetup', { method: 'POST', cookie: elsewhere! })).json()) as { secretText: string };
    const confirmed = await callApi('/confirmAppSetup', { method: 'POST', cookie: elsewhere!, body: { code: appCode(setup.secretText) } });
    assert.equal(confirmed.status, 201);

    await visit(page, '/settings?section=security');
    const card = page.getByRole('region', { name: 'Password', exact: true });
    await card.getByLabel('Current password').fill(account.password);
    await card.getByLabel('New password').fill('another private passphrase');
    await card.getByRole('button', { name: 'Change password' }).click();
    const question = page.getByRole('dialog', { name: "Confirm it's you" });
    await question.waitFor();
    await assertNoSeriousAxeViolations(page);
    await question.getByLabel('Code from the app, or a recovery code').fill(appCode(setup.secretText, 1));
    await question.getByRole('button', { name: 'Confirm' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: /changed/i })
      .waitFor();
    assert.equal(await question.count(), 0, 'the question is gone once answered');
  });
});
