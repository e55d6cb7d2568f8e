import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { uniqueEmail } from './support/api.ts';
import { appCode } from './support/authenticator.ts';
import {
  assertNoSeriousAxeViolations,
  holdRequests,
  newUserSetUp,
  signOutFromMenu,
  signUp,
  useBrowser,
  visit,
  waitForHydration,
  waitForPath,
} from './support/browser.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

// Issue 34: passkeys (decision 045), with Chromium's virtual authenticator as the device: added in
// Settings › Security, signing in from /login's button and from the e-mail field's autofill,
// signing up with no password, refused without user verification, a second device's passkey,
// one removed, and a passkey answering the second step.

const PASSKEY_UNKNOWN_401 = /status of 401 .*\[at .*\/api\/passkeySignIn\]$/;

function passkeysCard(page: Page) {
  return page.getByRole('region', { name: 'Passkeys' });
}

/** Adds a passkey of this tab's device in Settings › Security; answers the card. */
async function addPasskeyInSettings(page: Page, { alreadyListed = 0 } = {}) {
  await visit(page, '/settings?section=security');
  await waitForHydration(page);
  const card = passkeysCard(page);
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await card.getByRole('status').filter({ hasText: 'Passkey added' }).waitFor();
  await card.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').nth(alreadyListed).waitFor();
  return card;
}

async function signOutToLogin(page: Page): Promise<void> {
  await signOutFromMenu(page);
  await waitForPath(page, '/login');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
}

describe('passkeys', () => {
  const browser = useBrowser();

  /** A new account with this tab's device's passkey, signed out and on /login: answers the tab and the device. */
  async function passkeyAccountAtLogin(label: string) {
    const page = await browser.newPage();
    const device = await addVirtualAuthenticator(page);
    await signUp(page, { label });
    await addPasskeyInSettings(page);
    await signOutToLogin(page);
    return { page, device };
  }

  it('adds a passkey in Settings, then signs in with it from the button, no password typed; the history says Passkey', async () => {
    const page = await browser.newPage();
    const device = await addVirtualAuthenticator(page);
    await signUp(page, { label: 'passkey-button' });
    const card = await addPasskeyInSettings(page);
    assert.equal(await device.credentialCount(), 1);
    const row = card.getByRole('listitem').first();
    await row.getByText('Chrome on Linux', { exact: true }).waitFor();
    await row.getByText(/Added .* · not used yet/).waitFor();
    await row.getByText(/This device only|Synced/).waitFor();
    // Renamed in place.
    await row.getByRole('button', { name: 'Rename: Chrome on Linux' }).click();
    await card.getByLabel('Name of this passkey').fill('Work laptop');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('status').filter({ hasText: 'Passkey renamed' }).waitFor();
    await card.getByText('Work laptop', { exact: true }).waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [375, 1280]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        // The scheme's colours ease in (CSS transitions): judged once they have.
        await page.waitForFunction(() => document.getAnimations().length === 0);
        await assertNoSeriousAxeViolations(page);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await signOutToLogin(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/dashboard');
    await visit(page, '/settings?section=security');
    await page.getByRole('region', { name: 'Sign-in history' }).getByRole('cell', { name: 'Passkey', exact: true }).first().waitFor();
    await passkeysCard(page)
      .getByText(/last used/)
      .waitFor();
  });

  it('signs in from the e-mail field’s autofill (conditional mediation)', async () => {
    const { page } = await passkeyAccountAtLogin('passkey-autofill');
    assert.equal(await page.getByLabel('E-mail').getAttribute('autocomplete'), 'username webauthn');
    // Focusing the field asks the browser for the site's passkeys; the virtual device answers as a
    // person picking the one it offers would.
    await page.getByLabel('E-mail').focus();
    await waitForPath(page, '/dashboard');
  });

  it('signs up with a passkey and no password; Security then offers to set one', async () => {
    const page = await browser.newPage();
    await addVirtualAuthenticator(page);
    await visit(page, '/login?mode=signup');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Your name (optional)').fill('Ada Passkey');
    await page.getByLabel('E-mail').fill(uniqueEmail('passkey-only'));
    const setUp = newUserSetUp(page);
    await page.getByRole('button', { name: 'Create the account with a passkey instead' }).click();
    await waitForPath(page, '/welcome');
    await setUp;
    await visit(page, '/settings?section=security');
    const password = page.getByRole('region', { name: 'Password', exact: true });
    await password.getByRole('link', { name: 'Set a password' }).waitFor();
    await passkeysCard(page).getByRole('listitem').first().waitFor();
    await signOutToLogin(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/dashboard');
  });

  it('keeps a press of “Sign in with a passkey” made before the passkey way has loaded, and signs in with it', async () => {
    const { page } = await passkeyAccountAtLogin('passkey-early-press');
    // The form is ready; the passkey way's own code is held back (as on a slow line) until the
    // press has been made on the button the server drew (an event, not a delay).
    const release = await holdRequests(page, '**/_astro/PasskeyWay*.js');
    await page.goto('/login?mode=signin');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await button.click();
    assert.equal(await button.getAttribute('aria-busy'), 'true', 'the button shows the press was taken');
    release();
    await waitForPath(page, '/dashboard');
  });

  it('refuses a passkey whose user is not verified', async () => {
    const { page, device } = await passkeyAccountAtLogin('passkey-uv');
    await device.setUserVerified(false);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'No passkey was used' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await assertNoSeriousAxeViolations(page);
  });

  it('keeps a second device’s passkey; one removed no longer signs in, the other still does', async () => {
    browser.expectConsoleErrors(PASSKEY_UNKNOWN_401);
    const laptop = await browser.newPage();
    const laptopDevice = await addVirtualAuthenticator(laptop);
    await signUp(laptop, { label: 'passkey-two-devices' });
    await addPasskeyInSettings(laptop);
    // A second device: another tab with its own authenticator (the browser's cookies are shared).
    const phone = await browser.newPage();
    const phoneDevice = await addVirtualAuthenticator(phone);
    const card = await addPasskeyInSettings(phone, { alreadyListed: 1 });
    assert.equal(await laptopDevice.credentialCount(), 1);
    assert.equal(await phoneDevice.credentialCount(), 1);
    const rows = card.getByRole('listitem');
    assert.equal(await rows.count(), 2);
    // The phone removes the laptop's passkey (the first added).
    await rows
      .first()
      .getByRole('button', { name: /^Remove:/ })
      .click();
    await card.getByText(/will no longer sign you in/).waitFor();
    await card.getByRole('button', { name: 'Remove', exact: true }).click();
    await card.getByRole('status').filter({ hasText: 'Passkey removed' }).waitFor();
    assert.equal(await rows.count(), 1);

    await signOutToLogin(phone);
    await visit(laptop, '/login?mode=signin');
    await waitForHydration(laptop);
    await laptop.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await laptop.getByRole('alert').filter({ hasText: 'This passkey is not one of this account' }).waitFor();
    await phone.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(phone, '/dashboard');
  });

  it('answers the second step instead of the app’s code', async () => {
    const page = await browser.newPage();
    await addVirtualAuthenticator(page);
    const account = await signUp(page, { label: 'passkey-second-step' });
    const setup = await page.request.post('/api/startAppSetup', { headers: { origin: new URL(page.url()).origin } });
    const { secretText } = (await setup.json()) as { secretText: string };
    const confirmed = await page.request.post('/api/confirmAppSetup', {
      headers: { origin: new URL(page.url()).origin },
      data: { code: appCode(secretText) },
    });
    assert.equal(confirmed.status(), 201);
    await addPasskeyInSettings(page);

    await signOutToLogin(page);
    // The password step through the API: on the form, focusing the e-mail field would let this
    // device's passkey sign in by autofill, with no second step at all (the test above).
    const origin = new URL(page.url()).origin;
    const password = await page.request.post('/api/login', {
      headers: { origin },
      data: { email: account.email, password: account.password },
    });
    assert.equal(password.status(), 202);
    await visit(page, '/signInCheck');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Enter the code from your app' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await waitForPath(page, '/dashboard');
    await visit(page, '/settings?section=security');
    await page.getByRole('region', { name: 'Sign-in history' }).getByRole('cell', { name: 'Password + passkey' }).first().waitFor();
  });
});
