import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoSeriousAxeViolations, openAccountMenu, signUp, useBrowser, visit, waitForPath } from './support/browser.ts';

// /upgrade (spec §2, no guard): the seeded plans (migration 0006) at a monthly or yearly term.

async function planTexts(page: Page): Promise<Record<string, string>> {
  const list = page.getByRole('list', { name: 'Plans' });
  const texts: Record<string, string> = {};
  for (const level of ['BASIC', 'PREMIUM', 'PRO']) {
    texts[level] = ((await list.getByRole('listitem', { name: level }).textContent()) ?? '').replace(/\s+/g, ' ');
  }
  return texts;
}

describe('choosing a plan', () => {
  const browser = useBrowser();

  it('shows a visitor monthly and yearly prices, the saving and the trial, and sends a choice through sign-in', async () => {
    const page = await browser.newPage();
    await visit(page, '/upgrade');
    await page.getByRole('heading', { name: 'Choose your plan', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Plans' });
    await list.getByRole('listitem').first().waitFor();
    assert.equal(await list.getByRole('listitem').count(), 3);
    assert.equal(await page.getByRole('radio', { name: 'Monthly' }).isChecked(), true);

    const monthly = await planTexts(page);
    assert.match(monthly.BASIC!, /\$9\.99\/month/);
    assert.match(monthly.PREMIUM!, /\$19\.99\/month/);
    assert.match(monthly.PRO!, /\$39\.99\/month/);
    assert.match(monthly.BASIC!, /150 pages to send and 150 to receive each month/);
    assert.match(monthly.PRO!, /1000 pages to send and 1000 to receive each month/);
    await list.getByRole('link', { name: 'Start your 7-day free trial of Premium' }).waitFor();
    await assertNoSeriousAxeViolations(page);

    // The term switch is a radio group: the keyboard moves from Monthly to Yearly.
    await page.getByRole('radio', { name: 'Monthly' }).focus();
    await page.keyboard.press('ArrowRight');
    await page
      .getByRole('radio', { name: /Yearly/ })
      .and(page.locator(':checked'))
      .waitFor();
    await list.getByText('$99.90', { exact: true }).waitFor();
    const yearly = await planTexts(page);
    assert.match(yearly.BASIC!, /\$99\.90\/year/);
    assert.match(yearly.BASIC!, /\$8\.33 a month, billed yearly · Save 16%/);
    assert.match(yearly.PREMIUM!, /\$199\.90\/year/);
    assert.match(yearly.PRO!, /\$399\.90\/year/);
    assert.match(yearly.PRO!, /Free for 7 days, then \$399\.90\/year\./);
    await assertNoSeriousAxeViolations(page);

    await list.getByRole('link', { name: 'Start your 7-day free trial of Premium' }).click();
    await waitForPath(page, '/login?redirect=%2Ftransaction%3Fplan%3DPREMIUM%26term%3DYEAR');
  });

  it('offers a signed-in free user the plans and an Upgrade link in the menu', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'upgrade' });
    await (await openAccountMenu(page)).getByRole('link', { name: 'Plans and billing' }).click();
    await waitForPath(page, '/upgrade');
    const list = page.getByRole('list', { name: 'Plans' });
    const choose = list.getByRole('link', { name: 'Start your 7-day free trial of Basic' });
    await choose.waitFor();
    assert.equal(await choose.getAttribute('href'), '/transaction?plan=BASIC&term=MONTH');
    assert.equal(await page.getByRole('heading', { name: 'Your plan', exact: true }).count(), 0);
    await assertNoSeriousAxeViolations(page);
  });
});
