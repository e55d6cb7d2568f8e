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
    // The visitor's own area is listed first: attribution placed them in San Francisco (LOCAL_GEO).
    const field = page.getByLabel('Area code or city');
    await page.getByText('Numbers near San Francisco, CA, from your location.', { exact: false }).waitFor();
    assert.equal(await field.inputValue(), '415 · San Francisco, CA');
    const list = page.getByRole('list', { name: 'Free numbers: 415 · San Francisco, CA' });
    await list.getByRole('listitem').first().waitFor();
    const first = (await list.getByRole('listitem').first().locator('.number-display').textContent())?.trim() ?? '';
    assert.match(first, /^\(415\) 555-01\d\d$/);
    await page.getByRole('button', { name: `Hold ${first}` }).click();

    const held = page.getByRole('region', { name: `${first} is held for you` });
    await held.waitFor();
    const countdown = (await held.locator('.countdown').textContent())?.trim() ?? '';
    assert.match(countdown, /^1[45]:\d\d$/, 'a fresh hold shows about 15 minutes');
    await assertNoSeriousAxeViolations(page);

    // Another area by its code or its city, typed; a city with no numbers offers the areas that have some.
    await field.fill('312');
    await field.press('Enter');
    await page.getByRole('list', { name: 'Free numbers: 312 · Chicago, IL' }).getByRole('listitem').first().waitFor();
    await field.fill('boston');
    await page.getByRole('button', { name: 'Show numbers' }).click();
    await page.getByRole('list', { name: 'Free numbers: 617 · Boston, MA' }).getByRole('listitem').first().waitFor();
    await field.fill('Denver');
    await field.press('Enter');
    await page.getByText('We have no numbers for “Denver”.', { exact: false }).waitFor();
    await page.getByRole('list', { name: 'Areas with free numbers' }).getByRole('button', { name: '206 · Seattle, WA' }).click();
    await page.getByRole('list', { name: 'Free numbers: 206 · Seattle, WA' }).getByRole('listitem').first().waitFor();
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
