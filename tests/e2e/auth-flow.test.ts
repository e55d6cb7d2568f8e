import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount, DEVICES, signInElsewhere, uniqueEmail } from './support/api.ts';
import {
  BASE_URL,
  fillSignInForm,
  LOGIN_401,
  liveIndicator,
  openAccountMenu,
  pathOf,
  signOutFromMenu,
  signUp,
  useBrowser,
  visit,
  waitForHydration,
  waitForPath,
} from './support/browser.ts';

describe('signing up, in and out', () => {
  const browser = useBrowser();

  it('takes a new visitor from / through sign-up to a live dashboard, and back out', async () => {
    const page = await browser.newPage();

    // Signed out, / and then /dashboard send the visitor to /login, which greets a browser that
    // never signed in with sign-up first (decision 039): the offer in a line, a way to the plans.
    await page.goto('/');
    await waitForPath(page, '/login?redirect=%2Fdashboard');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByText('10 free pages to send, no card needed.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'See the plans' }).getAttribute('href'), '/upgrade');
    const email = uniqueEmail('journey');
    const password = 'a long and private phrase';
    await page.getByLabel('Your name (optional)').fill('Ada Lovelace');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // A new account is welcomed first; skipping the first-run steps leads to the dashboard.
    await waitForPath(page, '/welcome');
    await page.getByRole('heading', { name: 'Welcome to FaxFlow, Ada Lovelace' }).waitFor();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Skip, go to my dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
    assert.ok((await (await openAccountMenu(page)).textContent())?.includes(email), 'the account menu names the address signed in');
    await page.keyboard.press('Escape');
    await liveIndicator(page, 'Connected').waitFor({ state: 'attached' });

    // The same account signs in on another computer: the notice arrives without a reload.
    await signInElsewhere({ email, password }, DEVICES.firefoxOnWindows.userAgent);
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await activity
      .getByRole('listitem')
      .filter({ hasText: `New sign-in from ${DEVICES.firefoxOnWindows.described}` })
      .waitFor();

    // A reload keeps the user signed in.
    await page.reload();
    assert.equal(pathOf(page), '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
    await liveIndicator(page, 'Connected').waitFor({ state: 'attached' });

    // Sign out from the header: this browser has signed in now, so /login opens on signing in.
    await waitForHydration(page);
    await signOutFromMenu(page);
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();

    // The dashboard is closed again.
    await page.goto('/dashboard');
    await waitForPath(page, '/login?redirect=%2Fdashboard');
  });

  it('signs an existing user in and follows a same-site redirect, query included', async () => {
    const account = await createAccount({ name: 'Grace Hopper', label: 'redirect' });
    const page = await browser.newPage();

    await visit(page, '/login?redirect=%2Fdashboard%3Ftab%3Dx');
    await fillSignInForm(page, account);

    await waitForPath(page, '/dashboard?tab=x');
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    await liveIndicator(page, 'Connected').waitFor({ state: 'attached' });
  });

  it('says so when the password is wrong, and stays on the form', async () => {
    browser.expectConsoleErrors(LOGIN_401);
    const account = await createAccount({ label: 'wrong-password' });
    const page = await browser.newPage();

    await visit(page, '/login?redirect=%2Fdashboard');
    await fillSignInForm(page, { email: account.email, password: 'not the right password' });

    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), 'The e-mail or password is wrong.');
    assert.equal(pathOf(page), '/login?redirect=%2Fdashboard');
    // The form can be used again straight away.
    assert.equal(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled(), true);
  });

  it('sends a signed-in visitor away from /login, never to another site', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'signed-in-login' });

    await page.goto('/login?redirect=%2Fdashboard');
    await waitForPath(page, '/dashboard');

    for (const redirect of ['https%3A%2F%2Fevil.example', '%2F%2Fevil.example', '%2F%5Cevil.example']) {
      await page.goto(`/login?redirect=${redirect}`);
      assert.equal(new URL(page.url()).origin, BASE_URL, `redirect=${redirect} must not leave the site`);
      assert.equal(pathOf(page), '/dashboard', `redirect=${redirect} must not leave the site`);
    }
  });
});
