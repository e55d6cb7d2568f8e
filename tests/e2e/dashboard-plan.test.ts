import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { assertNoSeriousAxeViolations, liveIndicator, signUp, useBrowser } from './support/browser.ts';
import { sendFaxFrom } from './support/faxes.ts';

// Issue 12, point 7: every user, FREE included, sees their plan and the pages left on the
// dashboard, with the way to get more (before, a new user saw them only on /send).

/** "label: figure" pairs of the plan card's list. */
async function creditsOf(card: Locator): Promise<Record<string, string>> {
  const pairs: Record<string, string> = {};
  for (const group of await card.locator('dl > div').all()) {
    const label = (await group.locator('dt').textContent())?.trim() ?? '';
    pairs[label] = (await group.locator('dd').textContent())?.trim() ?? '';
  }
  return pairs;
}

describe('the plan on the dashboard', () => {
  const browser = useBrowser();

  it('shows a brand-new FREE user their plan, the free pages and where to get more', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'dashboard-plan' });
    const card = page.getByRole('region', { name: 'Your plan' });
    await card.getByText('Free plan', { exact: true }).waitFor();
    // The free pages come with new-user setup, which may finish after the page was rendered.
    await card.locator('dd', { hasText: /^10$/ }).nth(1).waitFor();
    assert.deepEqual(await creditsOf(card), { 'Pages left to send': '10', 'Pages left to receive': '10' });
    const more = card.getByRole('link', { name: 'Get more pages with a plan' });
    assert.equal(await more.getAttribute('href'), '/upgrade');
    await assertNoSeriousAxeViolations(page);

    // Rendered with the page, without waiting for any read.
    await page.reload();
    assert.deepEqual(await creditsOf(page.getByRole('region', { name: 'Your plan' })), {
      'Pages left to send': '10',
      'Pages left to receive': '10',
    });

    await more.click();
    await page.getByRole('heading', { name: 'Choose your plan', level: 1 }).waitFor();
  });

  it('takes a sent fax off the pages left as it is accepted, without a reload (its push says the credits moved)', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'dashboard-plan-live' });
    const card = page.getByRole('region', { name: 'Your plan' });
    await card.locator('dd', { hasText: /^10$/ }).nth(1).waitFor();
    await liveIndicator(page, 'Connected').waitFor();
    // +1 312 555-0190: delivered by the loopback network, nobody's number here.
    await sendFaxFrom(page, '+13125550190', 1);
    await card.locator('dd', { hasText: /^9$/ }).waitFor();
    assert.deepEqual(await creditsOf(card), { 'Pages left to send': '9', 'Pages left to receive': '10' });
  });
});
