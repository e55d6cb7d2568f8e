import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GOOD_PASSWORD, uniqueEmail } from './support/api.ts';
import { assertNoSeriousAxeViolations, useBrowser, visit, waitForPath } from './support/browser.ts';

// The start of the funnel (spec §2 /reserveNumber): a visitor holds a number, watches the hold
// count down, and keeps it through sign-up.

describe('choosing a fax number', () => {
  const browser = useBrowser();

  it('holds a number for a signed-out visitor and keeps it through sign-up', async () => {
    const page = await browser.newPage();
    await visit(page, '/reserveNumber');
    await page.getByRole('heading', { name: 'Choose your fax number' }).waitFor();
    await page.getByLabel('Area code').selectOption('415');
    const list = page.getByRole('list', { name: 'Free numbers' });
    await list.getByRole('listitem').first().waitFor();
    const first = (await list.getByRole('listitem').first().locator('.number-display').textContent())?.trim() ?? '';
    assert.match(first, /^\(415\) 555-01\d\d$/);
    await page.getByRole('button', { name: `Hold ${first}` }).click();

    const held = page.getByRole('region', { name: `${first} is held for you` });
    await held.waitFor();
    const countdown = (await held.locator('.countdown').textContent())?.trim() ?? '';
    assert.match(countdown, /^1[45]:\d\d$/, 'a fresh hold shows about 15 minutes');
    await assertNoSeriousAxeViolations(page);

    await held.getByRole('link', { name: 'Create my account' }).click();
    await waitForPath(page, '/login?mode=signup&redirect=%2FreserveNumber');
    await page.getByLabel('E-mail').fill(uniqueEmail('numbers'));
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/reserveNumber');
    const kept = page.getByRole('region', { name: `${first} is held for you` });
    await kept.waitFor();
    await kept.getByText('It is held for your account.', { exact: false }).waitFor();
  });
});
