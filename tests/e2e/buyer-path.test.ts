import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { GOOD_PASSWORD, uniqueEmail } from './support/api.ts';
import { assertNoSeriousAxeViolations, signUp, useBrowser, visit, waitForHydration, waitForPath } from './support/browser.ts';
import { sendFaxFrom } from './support/faxes.ts';

// The buyer's side (decision 040): a phone visitor from an ad walks landing page → number → sign-up →
// plan → trial → first fax with the held number and its timer on every step, and the funnel report
// counts each step for that variation; a trial's payments show no payment that "succeeded", and
// cancelling asks first and can be taken back.

const DATE = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

async function payWithTestCard(page: Page, name: string): Promise<void> {
  await page.getByLabel('Name on card').fill(name);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('1230');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Start my 7-day free trial' }).click();
  await waitForPath(page, '/dashboard');
  await waitForHydration(page);
}

/** The counts of the funnel report's row for this variation, by step. */
async function funnelCounts(page: Page, variation: string): Promise<string[]> {
  await visit(page, '/dev/funnel?days=7');
  const row = page
    .getByRole('table', { name: 'Funnel by source, campaign and variation' })
    .getByRole('row', { name: new RegExp(variation) });
  return (await row.locator('.funnel-count').allTextContents()).map((text) => text.trim());
}

describe('the buyer’s path', () => {
  const browser = useBrowser();

  it('walks a phone visitor from an ad to a first fax, the held number in view, each step counted for the variation', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    const variation = `e2e-${randomUUID().slice(0, 8)}`;
    await page.goto(`/lp/receive-fax?s=e2e-ads&c=issue29&v=${variation}`);
    await page.waitForSelector('html[data-funnel="counted"]');
    // The lead wires the landing pages' calls to action to sign-up; any landing button counts.
    await page.locator('main a.landing-button').first().click();
    await waitForPath(page, '/reserveNumber');
    await waitForHydration(page);

    // Attribution placed this browser in San Francisco: its numbers come first, a typed city changes them.
    await page.getByRole('list', { name: 'Free numbers: 415 · San Francisco, CA' }).getByRole('listitem').first().waitFor();
    await page.getByLabel('Area code or city').fill('Chicago');
    await page.getByLabel('Area code or city').press('Enter');
    const list = page.getByRole('list', { name: 'Free numbers: 312 · Chicago, IL' });
    await list.getByRole('listitem').first().waitFor();
    const number = (await list.getByRole('listitem').first().locator('.number-display').textContent())?.trim() ?? '';
    await page.getByRole('button', { name: `Hold ${number}` }).click();
    const held = page.getByRole('region', { name: `${number} is held for you` });
    await held.getByRole('link', { name: 'Create my account' }).click();
    await waitForPath(page, '/login?mode=signup&redirect=%2FreserveNumber');
    await waitForHydration(page);
    await page.getByLabel('E-mail').fill(uniqueEmail('buyer'));
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/reserveNumber');
    await page
      .getByRole('region', { name: `${number} is held for you` })
      .getByRole('link', { name: 'Choose a plan' })
      .click();

    // /upgrade keeps the number and its timer in view, with a way to pick another.
    await waitForPath(page, '/upgrade');
    await waitForHydration(page);
    const note = page.getByText(`${number} is held for you`);
    await note.waitFor();
    assert.match((await page.getByRole('timer').textContent()) ?? '', /^1?\d:\d\d$/);
    await page.getByRole('link', { name: 'Change number' }).waitFor();
    await assertNoSeriousAxeViolations(page);
    await page.getByRole('list', { name: 'Plans' }).getByRole('link', { name: 'Start your 7-day free trial of Premium' }).click();

    // /transaction: the order with the number and its timer, the card brands, who processes the card.
    await waitForPath(page, '/transaction?plan=PREMIUM&term=MONTH');
    await waitForHydration(page);
    const order = page.getByRole('region', { name: 'Your order' });
    await order.getByText(`${number} is held for you`).waitFor();
    const before = (await order.getByRole('timer').textContent()) ?? '';
    await page.waitForTimeout(1500);
    assert.notEqual(await order.getByRole('timer').textContent(), before, 'the timer counts down');
    assert.equal(await page.getByRole('button', { name: 'Let it go' }).count(), 0, 'nothing on the payment step lets the number go');
    await page.getByRole('list', { name: 'Cards we accept' }).getByText('Mastercard').waitFor();
    await assertNoSeriousAxeViolations(page);
    await payWithTestCard(page, 'Phone Buyer');

    await sendFaxFrom(page, '(212) 555-0123', 1);
    assert.deepEqual(await funnelCounts(page, variation), ['1', '1', '1', '1', '1', '1', '1', '100%']);
  });

  it('shows a trial’s card check as nothing charged, asks before cancelling, and resumes the plan', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    await signUp(page, { label: 'cancel' });
    await visit(page, '/upgrade');
    await page.getByRole('list', { name: 'Plans' }).getByRole('link', { name: 'Start your 7-day free trial of Premium' }).click();
    await waitForPath(page, '/transaction?plan=PREMIUM&term=MONTH');
    await waitForHydration(page);
    await payWithTestCard(page, 'Trial Buyer');

    await visit(page, '/settings?section=billing');
    const billing = page.getByRole('region', { name: 'Plan and billing' });
    await billing.getByText(new RegExp(`^Trial · \\$0\\.00 today · then \\$19\\.99 a month from ${DATE.source}$`)).waitFor();
    await billing.getByText('Card on file: Visa ending 4242').waitFor();
    const payments = billing.getByRole('table');
    await payments.getByText('Card verified, nothing charged').waitFor();
    await payments.getByText('Your bank may show a $19.99 hold for a few days.', { exact: false }).waitFor();
    assert.equal(await payments.getByRole('row').count(), 2, 'one line under the headings: the card check');
    for (const word of ['Succeeded', 'Paid', 'Hold released']) {
      assert.equal(await payments.getByText(word, { exact: false }).count(), 0, `no "${word}" during the trial`);
    }

    // Cancel asks first; keeping the plan changes nothing.
    await billing.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Premium plan?' });
    await dialog.getByText(new RegExp(`^Your free trial ends on ${DATE.source}\\. Nothing will be charged\\.$`)).waitFor();
    await dialog.getByText('Your sent and received faxes stay in your account', { exact: false }).waitFor();
    await assertNoSeriousAxeViolations(page);
    // Buttons ease their background from one theme to the other: judged once it has settled.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await assertNoSeriousAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForTimeout(500);
    await dialog.getByRole('button', { name: 'Keep my plan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await billing.getByRole('button', { name: 'Cancel plan' }).waitFor();

    await billing.getByRole('button', { name: 'Cancel plan' }).click();
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await billing.getByText(new RegExp(`^Cancelled · ends ${DATE.source}$`)).waitFor();
    const resume = billing.getByRole('button', { name: 'Resume plan' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Resume plan');
    await assertNoSeriousAxeViolations(page);

    // The dashboard says so too.
    await visit(page, '/dashboard');
    await page
      .getByRole('region', { name: 'Your plan' })
      .getByText(new RegExp(`^Premium · Cancelled · ends ${DATE.source}$`))
      .waitFor();

    await visit(page, '/settings?section=billing');
    await resume.click();
    await billing.getByRole('status').filter({ hasText: 'Your plan is back on.' }).waitFor();
    await billing.getByText('nothing was charged now', { exact: false }).waitFor();
    await billing.getByRole('button', { name: 'Cancel plan' }).waitFor();
    assert.equal(await payments.getByRole('row').count(), 2, 'resuming charged nothing');
    await visit(page, '/dashboard');
    await page
      .getByRole('region', { name: 'Your plan' })
      .getByText(new RegExp(`^Premium · trial until ${DATE.source}$`))
      .waitFor();
  });
});
