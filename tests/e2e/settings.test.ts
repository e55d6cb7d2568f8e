import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { Dialog, Page } from 'playwright-core';
import { launchAnotherBrowser } from './support/another-browser.ts';
import { callApi, DEVICES, signInElsewhere } from './support/api.ts';
import {
  assertNoSeriousAxeViolations,
  fillSignInForm,
  liveIndicator,
  openAccountMenu,
  pathOf,
  sessionCookieOf,
  signUp,
  signUpThroughUi,
  UI_TIMEOUT_MS,
  useBrowser,
  visit,
  waitForHydration,
  waitForPath,
} from './support/browser.ts';

// Chromium logs every 4xx answer to a fetch as a console error; only the tests that cause one allow it.
const PHONE_400 = /status of 400 .*\[at .*\/api\/updateUserPersonalPhoneNumber/;
const CHANGE_PASSWORD_400 = /status of 400 .*\[at .*\/api\/changePassword\]$/;

const NEW_PASSWORD = 'a brand new and private phrase';

/** What the test reads of GET /api/account (AccountDetails in worker/domain/account.ts). */
interface AccountSeen {
  subscriptionType: string | null;
  faxCredits: { defaultCreditsSend: number; defaultCreditsReceive: number };
}

/** Follows the account menu's Settings link from wherever the page is: it opens on Profile. */
async function openSettingsFromNav(page: Page): Promise<void> {
  await (await openAccountMenu(page)).getByRole('link', { name: 'Settings' }).click();
  await waitForPath(page, '/settings');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Display name' }).waitFor();
}

/** The section menu of the settings page (a column on a desktop, a row of tabs on a phone). */
function sectionMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Settings sections' });
}

/** Opens a section from the section menu, as a person would: it is a page of its own. */
async function openSection(page: Page, name: string, section: string): Promise<void> {
  await sectionMenu(page).getByRole('link', { name, exact: true }).click();
  await waitForPath(page, `/settings?section=${section}`);
  await waitForHydration(page);
}

/** Every section: its name in the menu, its address, and a heading only it shows. */
const SECTIONS = [
  { name: 'Profile', section: 'profile', heading: 'Display name' },
  { name: 'Security', section: 'security', heading: 'Password' },
  { name: 'Plan and billing', section: 'billing', heading: 'Plan and billing' },
  { name: 'Notifications', section: 'notifications', heading: 'Notifications' },
  { name: 'Fax by e-mail', section: 'fax-mail', heading: 'Faxes by e-mail' },
  { name: 'Appearance', section: 'appearance', heading: 'Theme' },
  { name: 'Developers', section: 'developers', heading: 'Webhooks' },
] as const;

/** The colour of the page's words: the theme shown, as the browser computes it. */
function textColour(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).color);
}

async function pollUntil<T>(probe: () => Promise<T | null>, what: string, timeoutMs = UI_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let visitorCounter = 0;

/**
 * An address of its own for each test's visitor. The local server takes cf-connecting-ip from the
 * request (Cloudflare sets it in production), and abuse limits count per address: sign-up allows
 * 10 an hour, which the whole e2e run from one address would exceed.
 */
function visitorIp(): string {
  visitorCounter += 1;
  // IPv6 documentation range; the process id keeps runs of this file apart.
  return `2001:db8::${(process.pid % 0xffff).toString(16)}:${visitorCounter.toString(16)}`;
}

describe('settings', () => {
  const browser = useBrowser();

  beforeEach(async () => {
    await browser.context.setExtraHTTPHeaders({ 'cf-connecting-ip': visitorIp() });
  });

  it('runs new-user setup once after the first sign-in: FREE plan with 10 send credits', async () => {
    const page = await browser.newPage();
    let setupCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/setupNewUser') setupCalls += 1;
    });
    await signUpThroughUi(page, { label: 'setup' });

    const account = await pollUntil(async () => {
      const response = await page.request.get('/api/account');
      assert.equal(response.status(), 200);
      const { account } = (await response.json()) as { account: AccountSeen };
      return account.subscriptionType === 'FREE' ? account : null;
    }, 'the account to be set up as FREE');
    assert.equal(account.faxCredits.defaultCreditsSend, 10);
    assert.equal(account.faxCredits.defaultCreditsReceive, 10);

    // Later pages of the same account do not run it again.
    await page.reload();
    await liveIndicator(page, 'Connected').waitFor();
    await openSettingsFromNav(page);
    await liveIndicator(page, 'Connected').waitFor();
    assert.equal(setupCalls, 1);
  });

  it('saves the display name, and the dashboard greets with it', async () => {
    const page = await browser.newPage();
    await signUp(page, { name: 'Ada Lovelace', label: 'name' });
    await openSettingsFromNav(page);

    const name = page.getByRole('textbox', { name: 'Display name' });
    assert.equal(await name.inputValue(), 'Ada Lovelace');
    await name.fill('  Katherine Johnson ');
    await page.getByRole('button', { name: 'Save name' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Your name was saved.' });
    await saved.waitFor();
    // "Saved" says what just happened, then the card is quiet again.
    await saved.waitFor({ state: 'hidden', timeout: 10_000 });

    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Katherine' }).waitFor();
  });

  it('saves a US phone number and shows it formatted after a reload; refuses one that is not a number', async () => {
    browser.expectConsoleErrors(PHONE_400);
    const page = await browser.newPage();
    await signUp(page, { label: 'phone' });
    await openSettingsFromNav(page);

    await page.getByRole('textbox', { name: 'Personal phone' }).fill('2125550123');
    await page.getByRole('button', { name: 'Save phone' }).click();
    await page.getByRole('status').filter({ hasText: 'Your phone number was saved.' }).waitFor();

    await page.reload();
    await waitForHydration(page);
    const phone = page.getByRole('textbox', { name: 'Personal phone' });
    await phone.waitFor();
    assert.equal(await phone.inputValue(), '(212) 555-0123');

    await phone.fill('abc');
    await page.getByRole('button', { name: 'Save phone' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), 'Enter a valid phone number, e.g. (212) 555-0123 or +44 20 7946 0958.');
    // Under the field it is about, read out with it, and the field has the focus to fix it.
    assert.equal(await phone.getAttribute('aria-invalid'), 'true');
    assert.equal(await phone.evaluate((field) => field === document.activeElement), true);

    // The number on file is still the good one.
    const response = await page.request.get('/api/account');
    const { account } = (await response.json()) as { account: { personalPhone: string | null } };
    assert.equal(account.personalPhone, '+12125550123');
  });

  it('changes the password: a wrong current one is refused, the right one signs out the other device', async () => {
    browser.expectConsoleErrors(CHANGE_PASSWORD_400);
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'password' });

    // The same user, signed in on another computer, watching the dashboard.
    const other = await launchAnotherBrowser();
    try {
      const otherPage = await other.context.newPage();
      await visit(otherPage, '/login?redirect=%2Fdashboard');
      await fillSignInForm(otherPage, account);
      await waitForPath(otherPage, '/dashboard');
      await liveIndicator(otherPage, 'Connected').waitFor();

      await openSettingsFromNav(page);
      await openSection(page, 'Security', 'security');
      const section = page.getByRole('region', { name: 'Password', exact: true });
      await section.getByLabel('Current password').fill('not my password at all');
      await section.getByLabel('New password').fill(NEW_PASSWORD);
      await section.getByRole('button', { name: 'Change password' }).click();
      const alert = section.getByRole('alert');
      await alert.waitFor();
      assert.equal((await alert.textContent())?.trim(), 'Your current password is not right.');
      assert.equal(await section.getByLabel('Current password').getAttribute('aria-invalid'), 'true');

      await section.getByLabel('Current password').fill(account.password);
      await section.getByLabel('New password').fill(NEW_PASSWORD);
      await section.getByRole('button', { name: 'Change password' }).click();
      await section.getByRole('status').filter({ hasText: 'Your password was changed. Every other device has been signed out.' }).waitFor();

      // The other computer is sent to sign in again, by itself.
      await otherPage.waitForURL((url) => url.pathname === '/login');

      // This page keeps its (new) session: it stays on /settings, signed in.
      await page.waitForTimeout(1_000);
      assert.equal(pathOf(page), '/settings?section=security');
      const verify = await page.request.post('/api/verifyAuth', { headers: { origin: new URL(page.url()).origin } });
      assert.equal(verify.status(), 200);

      // The new password is the one that signs in now.
      const oldLogin = await callApi('/login', { method: 'POST', body: { email: account.email, password: account.password } });
      assert.equal(oldLogin.status, 401);
      await signInElsewhere({ email: account.email, password: NEW_PASSWORD }, DEVICES.safariOnMac.userAgent);

      // ...and this page still gets live updates: that sign-in shows in its history without a reload.
      await page
        .getByRole('region', { name: 'Sign-in history' })
        .getByRole('row')
        .filter({ hasText: DEVICES.safariOnMac.described })
        .waitFor();
    } finally {
      await other.close();
    }
  });

  it('lists the sign-in of the sign-up in the sign-in history', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'history' });
    // Sign-ins reach the history through the queue; wait until it has recorded this one.
    await pollUntil(async () => {
      const response = await page.request.get('/api/loginHistory');
      const { history } = (await response.json()) as { history: unknown[] };
      return history.length > 0 ? history : null;
    }, 'the sign-up to be recorded');

    await openSettingsFromNav(page);
    await openSection(page, 'Security', 'security');
    const history = page.getByRole('region', { name: 'Sign-in history' });
    const rows = history.getByRole('row').filter({ hasText: 'E-mail and password' });
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1);
  });

  it('adds a sign-in on another device to the history as it happens', async () => {
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'history-live' });
    await openSettingsFromNav(page);
    await openSection(page, 'Security', 'security');
    await liveIndicator(page, 'Connected').waitFor();

    await signInElsewhere(account, DEVICES.firefoxOnWindows.userAgent);
    await page
      .getByRole('region', { name: 'Sign-in history' })
      .getByRole('row')
      .filter({ hasText: DEVICES.firefoxOnWindows.described })
      .waitFor();
  });

  it('signs out everywhere: this page ends at /login and the other device is signed out too', async () => {
    // The live connection may try once more with the session just ended before the page leaves.
    browser.expectConsoleErrors(/WebSocket connection to '.*\/api\/live\?token=.*' failed/);
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'everywhere' });
    const elsewhere = await signInElsewhere(account, DEVICES.firefoxOnWindows.userAgent);
    await openSettingsFromNav(page);
    await openSection(page, 'Security', 'security');

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await waitForPath(page, '/login');
    assert.equal(await sessionCookieOf(browser.context), null);

    await page.goto('/dashboard');
    await waitForPath(page, '/login?redirect=%2Fdashboard');
    const otherDevice = await callApi('/verifyAuth', { method: 'POST', cookie: elsewhere });
    assert.equal(otherDevice.status, 401);
  });

  it('turns the mail for arriving faxes off and on, and the choice stays', async () => {
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'notify' });
    await openSettingsFromNav(page);
    await openSection(page, 'Notifications', 'notifications');
    const section = page.getByRole('region', { name: 'Notifications' });
    const box = section.getByRole('checkbox', { name: `E-mail me at ${account.email} when a fax arrives` });
    assert.equal(await box.isChecked(), true, 'on for a new account');
    await box.click();
    await section.getByRole('status').filter({ hasText: 'No more mails when a fax arrives' }).waitFor();
    await page.reload();
    await waitForHydration(page);
    assert.equal(
      await page.getByRole('region', { name: 'Notifications' }).getByRole('checkbox').isChecked(),
      false,
      'still off after a reload',
    );
    await page.getByRole('region', { name: 'Notifications' }).getByRole('checkbox').click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('status')
      .filter({ hasText: 'You will get a mail for every fax that arrives.' })
      .waitFor();
  });

  it('has no serious accessibility problems in any section, light or dark, on a desktop or a phone', async () => {
    const page = await browser.newPage();
    await signUp(page, { name: 'Ada Lovelace', label: 'axe' });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const { section } of SECTIONS) {
        await visit(page, `/settings?section=${section}`);
        await assertNoSeriousAxeViolations(page);
      }
    }
    await page.setViewportSize({ width: 375, height: 667 });
    for (const { section } of [SECTIONS[1], SECTIONS[5]]) {
      await visit(page, `/settings?section=${section}`);
      await assertNoSeriousAxeViolations(page);
    }
  });

  it('opens each section at its own address, from the menu or directly, and an old link to a card at its section', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'sections' });
    await openSettingsFromNav(page);
    assert.equal(await sectionMenu(page).getByRole('link', { name: 'Profile' }).getAttribute('aria-current'), 'page');
    for (const { name, section, heading } of [...SECTIONS.slice(1), SECTIONS[0]]) {
      await openSection(page, name, section);
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
      assert.equal(await sectionMenu(page).locator('[aria-current="page"]').textContent(), name);
      assert.equal(await page.title(), `${name} · Settings · FaxFlow`);
    }

    // Opened directly, each is whole: its own cards and no other section's.
    await visit(page, '/settings?section=fax-mail');
    await page.getByRole('region', { name: 'Faxes by e-mail' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Display name' }).count(), 0);
    await visit(page, '/settings?section=no-such-section');
    await page.getByRole('textbox', { name: 'Display name' }).waitFor();

    // The dashboard's link to the plan (/settings#billing) and older links to a card land on their section.
    await page.goto('/settings#billing');
    await waitForPath(page, '/settings?section=billing');
    await page.getByRole('region', { name: 'Plan and billing' }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the section itself needs no anchor');
    await page.goto('/settings#password');
    await waitForPath(page, '/settings?section=security');
    assert.equal(new URL(page.url()).hash, '#password');
    await page.getByRole('region', { name: 'Password', exact: true }).waitFor();
  });

  it('asks before a section is left with words typed and not saved, and not once they are saved', async () => {
    const page = await browser.newPage();
    await signUp(page, { name: 'Ada Lovelace', label: 'unsaved' });
    await openSettingsFromNav(page);
    const name = page.getByRole('textbox', { name: 'Display name' });
    await name.fill('Grace Hopper');

    const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
    const leaving = sectionMenu(page).getByRole('link', { name: 'Security' }).click();
    const dialog = await asked;
    assert.equal(dialog.type(), 'beforeunload');
    await dialog.dismiss();
    await leaving;
    assert.equal(pathOf(page), '/settings');
    assert.equal(await name.inputValue(), 'Grace Hopper', 'what was typed is still there');

    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').filter({ hasText: 'Your name was saved.' }).waitFor();
    await openSection(page, 'Security', 'security');
  });

  it('switches the theme at once, keeps it for the next pages, and follows the device on System', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'theme' });
    await page.emulateMedia({ colorScheme: 'light' });
    await visit(page, '/settings?section=appearance');
    const themes = page.getByRole('group', { name: 'Theme' });
    assert.equal(await themes.getByRole('radio', { name: 'System' }).isChecked(), true, 'a new account follows the device');
    const light = await textColour(page);

    await themes.getByRole('radio', { name: 'Dark' }).check();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const dark = await textColour(page);
    assert.notEqual(dark, light, 'dark at once, on a device set to light');

    // The next pages are rendered dark by the server: nothing flashes light first.
    const html = await (await page.request.get('/dashboard')).text();
    assert.match(html, /<html[^>]* data-theme="dark"/);
    await page.reload();
    await waitForHydration(page);
    assert.equal(await textColour(page), dark);
    assert.equal(await themes.getByRole('radio', { name: 'Dark' }).isChecked(), true);
    await assertNoSeriousAxeViolations(page);

    await themes.getByRole('radio', { name: 'System' }).check();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), undefined);
    assert.equal(await textColour(page), light);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.equal(await textColour(page), dark, 'System follows the device to dark');
    await page.reload();
    await waitForHydration(page);
    assert.equal(await themes.getByRole('radio', { name: 'System' }).isChecked(), true);
    assert.equal(await textColour(page), dark);
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal(await textColour(page), light, 'and back to light');
  });
});
