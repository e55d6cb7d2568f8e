import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { BASE_URL } from './support/api.ts';
import { assertNoSeriousAxeViolations, confirmEmailFromOutbox, signUp, useBrowser, visit, waitForHydration } from './support/browser.ts';
import { giveOwnNumber, sendFaxFrom, waitForSendCredits } from './support/faxes.ts';

// The dashboard (decision 036) is built around what the customer pays for: their number and
// the pages left are on the first screen of a desktop and of a phone; the setup checklist says what
// is left to do, whatever route did the rest, and is gone once all is done or hidden.

const SAME_SITE = { origin: BASE_URL };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

/** Where the first screen ends: the viewport's foot, or the top of the phone's tab bar over it. */
async function foldOf(page: Page): Promise<number> {
  const tabBar = page.locator('nav.tabbar');
  const box = (await tabBar.isVisible()) ? await tabBar.boundingBox() : null;
  return box ? box.y : page.viewportSize()!.height;
}

async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  assert.ok(box, 'it is on the page');
  return box.y + box.height;
}

describe('the dashboard', () => {
  const browser = useBrowser();

  it('shows the number and the pages left on the first screen of a desktop and a phone, with no checklist once all is done', async () => {
    const page = await browser.newPage();
    const account = await signUp(page, { name: 'Ada Lovelace', label: 'dashboard-fold' });
    await confirmEmailFromOutbox(page, account.email);
    await waitForSendCredits(page, 10);
    const number = await giveOwnNumber(page);
    await sendFaxFrom(page, '(312) 555-0190', 1);
    const contact = await page.request.post('/api/addContact', {
      headers: SAME_SITE,
      data: { name: 'Grace Hopper', faxNumber: '(312) 555-0190' },
    });
    assert.equal(contact.status(), 201, await contact.text());

    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await visit(page, '/dashboard');
        await waitForHydration(page);
        const label = `${size.width}×${size.height} ${colorScheme}`;
        const yourNumber = page.getByRole('region', { name: 'Your fax number' });
        assert.equal((await yourNumber.locator('.own-number').textContent())?.trim(), number, label);
        const fold = await foldOf(page);
        assert.ok((await bottomOf(yourNumber.locator('.own-number'))) <= fold, `${label}: the number is above the fold`);
        const pagesLeft = page.getByRole('region', { name: 'Your plan' }).getByRole('definition');
        assert.equal(await pagesLeft.count(), 2);
        for (const figure of await pagesLeft.all()) {
          assert.ok((await bottomOf(figure)) <= fold, `${label}: the pages left are above the fold`);
        }
        // A number, a fax sent and a contact, the address confirmed: nothing left to set up.
        assert.equal(await page.getByRole('region', { name: 'Finish setting up' }).count(), 0, label);
        await assertNoSeriousAxeViolations(page);
      }
    }
  });

  it('shows a new user the way to a number and what is left to do, and hides the checklist for good', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await signUp(page, { label: 'dashboard-new' });
    await waitForHydration(page);
    const getOne = page.getByRole('region', { name: 'Receive faxes at your own number' });
    assert.equal(await getOne.getByRole('link', { name: 'Get a fax number' }).getAttribute('href'), '/reserveNumber');
    await page
      .getByRole('region', { name: /^Unread faxes/ })
      .getByRole('heading', { name: 'No faxes yet' })
      .waitFor();

    const checklist = page.getByRole('region', { name: 'Finish setting up' });
    await checklist.getByText('0 of 4 done').waitFor();
    const tasks = checklist.getByRole('listitem');
    for (const [name, action, href] of [
      ['Get a fax number', 'Choose a number', '/reserveNumber'],
      ['Send your first fax', 'Send a fax', '/send'],
      ['Add a contact', 'Go to contacts', '/phonebook'],
    ]) {
      assert.equal(await tasks.filter({ hasText: name }).getByRole('link', { name: action }).getAttribute('href'), href, name);
    }
    await tasks.filter({ hasText: 'Confirm your e-mail' }).waitFor();
    await assertNoSeriousAxeViolations(page);

    // A contact added anywhere ticks its task.
    const contact = await page.request.post('/api/addContact', {
      headers: SAME_SITE,
      data: { name: 'Alan Turing', faxNumber: '(415) 555-0134' },
    });
    assert.equal(contact.status(), 201, await contact.text());
    await visit(page, '/dashboard');
    await checklist.getByText('1 of 4 done').waitFor();
    await tasks.filter({ hasText: 'Add a contact (done)' }).waitFor();

    await checklist.getByRole('button', { name: 'Hide the setup steps' }).click();
    await checklist.waitFor({ state: 'detached' });
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Your plan' }).waitFor();
    assert.equal(await checklist.count(), 0, 'hidden for good');
  });

  it('shares the number through the share sheet, or copies a sentence where there is none', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'dashboard-share' });
    const number = await giveOwnNumber(page);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });

    // A browser with a share sheet is handed the sentence.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
    });
    await visit(page, '/dashboard');
    await waitForHydration(page);
    const yourNumber = page.getByRole('region', { name: 'Your fax number' });
    await yourNumber.getByRole('button', { name: 'Share' }).click();
    assert.deepEqual(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared), [{ text: `Fax me at ${number}` }]);

    // Without one, the sentence is copied and the page says so.
    const plain = await browser.newPage();
    await plain.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
    });
    await visit(plain, '/dashboard');
    await waitForHydration(plain);
    const plainNumber = plain.getByRole('region', { name: 'Your fax number' });
    await plainNumber.getByRole('button', { name: 'Share' }).click();
    await plainNumber
      .getByRole('status')
      .filter({ hasText: `Copied: “Fax me at ${number}”` })
      .waitFor();
    assert.equal(await plain.evaluate(() => navigator.clipboard.readText()), `Fax me at ${number}`);

    await plainNumber.getByRole('button', { name: 'Copy' }).click();
    assert.equal(await plain.evaluate(() => navigator.clipboard.readText()), number);
  });
});
