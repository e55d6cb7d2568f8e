import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
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
  waitForPath,
} from './support/browser.ts';

// Starting the deletion ends the session: the settings page's own verifyAuth is then answered 401
// while the page leaves for the deletion page, and Chromium logs that as a console error.
const VERIFY_AUTH_401 = /status of 401 .*\[at .*\/api\/verifyAuth\]$/;
// The settings page's plan, read as the deletion ends the session (a busy machine lets it land after).
const PLAN_401 = /status of 401 .*\[at .*\/api\/checkSubscriptionStatus\]$/;
const STATUS_404 = /status of 404 .*\[at .*\/api\/accountJobStatus\?jobId=.*\]$/;
const DOCUMENT_404 = /status of 404 .*\[at .*\/account_delete\/not-a-job\]$/;

/** Signs in straight to Settings › Security, where deleting the account is, at its end. */
async function signInToSettings(page: Page, account: Account): Promise<void> {
  await visit(page, `/login?redirect=${encodeURIComponent('/settings?section=security')}`);
  await fillSignInForm(page, account);
  await waitForPath(page, '/settings?section=security');
  await liveIndicator(page, 'Connected').waitFor();
}

/** Every job.updated event the page's job socket receives. */
function recordJobEvents(page: Page): Array<{ state: string; progress: number }> {
  const events: Array<{ state: string; progress: number }> = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/api/live/job') return;
    socket.on('framereceived', ({ payload }) => {
      try {
        const event = JSON.parse(String(payload)) as { type?: string; state: string; progress: number };
        if (event.type === 'job.updated') events.push(event);
      } catch {
        // a heartbeat
      }
    });
  });
  return events;
}

describe('deleting an account', () => {
  const browser = useBrowser();

  // One account for the whole journey: sign-ups from one address are rate-limited.
  it('asks in an accessible dialog, deletes after typed confirmation, shows it live to the end, and the account is gone', async () => {
    browser.expectConsoleErrors(VERIFY_AUTH_401, LOGIN_401, PLAN_401);
    const account = await createAccount({ label: 'delete' });
    const page = await browser.newPage();
    const events = recordJobEvents(page);
    await signInToSettings(page, account);

    // Cancel and Escape close the dialog and change nothing.
    const open = page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account' });
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await open.click();
    await dialog.waitFor();
    await assertNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await open.click();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Delete my account', 'focus returns to the button');
    await liveIndicator(page, 'Connected').waitFor();

    // Confirming takes the word exactly as shown.
    await open.click();
    const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' });
    assert.equal(await confirm.isDisabled(), true, 'the field starts empty again');
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    assert.equal(await confirm.isDisabled(), true, 'the word must be typed as shown');
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();

    await page.waitForURL((url) => /^\/account_delete\/[0-9a-f-]{36}$/.test(url.pathname));
    const progress = page.getByRole('progressbar', { name: 'Deletion progress' });
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    assert.equal(await progress.getAttribute('aria-valuenow'), '100');
    // Live to the end: once the job's socket carried a step, it carried the last one too. On a busy
    // machine the job can end before the socket opens; the page then read the end when it connected.
    assert.ok(
      events.length === 0 || events.some((e) => e.state === 'done'),
      `the end arrived live over the job's socket (events: ${JSON.stringify(events)})`,
    );
    assert.equal(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href'), '/');
    await assertNoSeriousAxeViolations(page);

    // Signed out, and the account no longer exists.
    await page.goto('/dashboard');
    await waitForPath(page, '/login?redirect=%2Fdashboard');
    await fillSignInForm(page, account);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), 'The e-mail or password is wrong.');
  });

  it('says so when the address names no deletion, and answers 404 to an address that is no job id', async () => {
    browser.expectConsoleErrors(STATUS_404, DOCUMENT_404);
    const page = await browser.newPage();
    await visit(page, `/account_delete/${randomUUID()}`);
    await page.getByRole('heading', { name: 'Deletion not found' }).waitFor();
    await assertNoSeriousAxeViolations(page);

    const response = await page.goto('/account_delete/not-a-job');
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });
});
