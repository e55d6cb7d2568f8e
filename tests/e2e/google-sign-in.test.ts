import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { uniqueEmail } from './support/api.ts';
import {
  assertNoSeriousAxeViolations,
  pathOf,
  signOutFromMenu,
  useBrowser,
  visit,
  waitForHydration,
  waitForPath,
} from './support/browser.ts';

// Google sign-in through the local stand-in that npm start serves instead of Google
// (docs/decisions/008-google-sign-in.md): the same /api/login { token } path as the real button.

describe('signing in with Google (local stand-in)', () => {
  const browser = useBrowser();

  it('creates the account on the first visit and signs in to the same one afterwards', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('google');

    const login = await page.goto('/login?redirect=%2Fdashboard');
    // Google's popup must be able to answer the page that opened it.
    assert.equal(login?.headers()['cross-origin-opener-policy'], 'same-origin-allow-popups');
    // Its policy lets Google Identity Services in (the script, its button frame), as production needs.
    const csp = login?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src [^;]*https:\/\/accounts\.google\.com\/gsi\/client/);
    assert.match(csp, /frame-src [^;]*https:\/\/accounts\.google\.com\/gsi\//);
    assert.match(csp, /frame-ancestors 'none'/);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Continue with Google (local)' }).click();
    await waitForPath(page, '/dev/google?redirect=%2Fdashboard');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Continue with Google (local)' }).waitFor();
    await page.getByText(/^Development only\./).waitFor();
    assert.equal(await page.getByLabel('Google says this e-mail is verified').isChecked(), true);

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Name', { exact: true }).fill('Katherine Johnson');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The sign-in made the account: it is welcomed first, as a sign-up with a password is.
    await waitForPath(page, '/welcome');
    await page.getByRole('heading', { name: 'Welcome to FaxFlow, Katherine Johnson' }).waitFor();
    await visit(page, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Katherine' }).waitFor();
    // The account it is signed in to: the sidebar's account button shows the address.
    await page
      .getByRole('button', { name: /Account menu/ })
      .filter({ hasText: email })
      .waitFor();

    await waitForHydration(page);
    await signOutFromMenu(page);
    await waitForPath(page, '/login');

    // Again with the same Google e-mail (another name typed): the same account, its own name.
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Continue with Google (local)' }).click();
    await waitForPath(page, '/dev/google');
    await waitForHydration(page);
    await page.getByLabel('E-mail', { exact: true }).fill(email.toUpperCase());
    await page.getByLabel('Name', { exact: true }).fill('Someone Else');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Katherine' }).waitFor();
    // The account it is signed in to: the sidebar's account button shows the address.
    await page
      .getByRole('button', { name: /Account menu/ })
      .filter({ hasText: email })
      .waitFor();
  });

  it('follows a same-site redirect and refuses to leave the site', async () => {
    const page = await browser.newPage();
    await visit(page, '/dev/google?redirect=https%3A%2F%2Fevil.example');
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('google-redirect'));
    await page.getByRole('button', { name: 'Continue' }).click();
    // Refused, the redirect falls back to the dashboard, where a new account is welcomed first.
    await waitForPath(page, '/welcome');
    assert.equal(pathOf(page), '/welcome');
  });

  it('says so when Google has not verified the e-mail, and makes no account', async () => {
    browser.expectConsoleErrors(/status of 409 .*\[at .*\/api\/login\]$/);
    const page = await browser.newPage();
    await visit(page, '/dev/google');
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('google-unverified'));
    await page.getByLabel('Google says this e-mail is verified').uncheck();
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /Google has not verified this e-mail address/);
    assert.equal(pathOf(page), '/dev/google');
    assert.equal(await page.getByRole('button', { name: 'Continue' }).isEnabled(), true);
  });

  it('the local Google screen has no serious axe violations', async () => {
    const page = await browser.newPage();
    await visit(page, '/dev/google?redirect=%2Fdashboard');
    await assertNoSeriousAxeViolations(page);
  });
});
