import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { GOOD_PASSWORD, uniqueEmail } from './support/api.ts';
import { assertNoSeriousAxeViolations, BASE_URL, signUp, useBrowser, visit, waitForHydration, waitForPath } from './support/browser.ts';

// The whole funnel (spec §2; decisions 012 and 017): a visitor holds a number, signs up, chooses a plan and
// pays with the local processor's test cards — first a declined one (the hold stays), then one that
// asks for the bank's challenge — and ends on the dashboard with the number; settings cancels the
// plan after asking, names the number it stops, and offers to resume it (decision 040).

// Chromium logs every 4xx answer to a fetch as a console error; the declined card causes one.
const CHECKOUT_402 = /status of 402 .*\[at .*\/api\/checkout\]$/;

/** Holds the first free 212 number as a visitor and answers it as displayed, "(212) 555-01xx". */
async function holdNumberAsVisitor(page: Page): Promise<string> {
  await visit(page, '/reserveNumber');
  await page.getByLabel('Area code or city').fill('212');
  await page.getByLabel('Area code or city').press('Enter');
  const list = page.getByRole('list', { name: 'Free numbers: 212 · New York, NY' });
  await list.getByRole('listitem').first().waitFor();
  const number = (await list.getByRole('listitem').first().locator('.number-display').textContent())?.trim() ?? '';
  assert.match(number, /^\(212\) 555-01\d\d$/);
  await page.getByRole('button', { name: `Hold ${number}` }).click();
  await page.getByRole('region', { name: `${number} is held for you` }).waitFor();
  return number;
}

async function signUpFromHold(page: Page, number: string): Promise<void> {
  await page
    .getByRole('region', { name: `${number} is held for you` })
    .getByRole('link', { name: 'Create my account' })
    .click();
  await waitForPath(page, '/login?mode=signup&redirect=%2FreserveNumber');
  await page.getByLabel('E-mail').fill(uniqueEmail('funnel'));
  await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await waitForPath(page, '/reserveNumber');
  await page.getByText('It is held for your account.', { exact: false }).waitFor();
}

async function fillCard(page: Page, number: string): Promise<void> {
  const field = page.getByLabel('Card number');
  await field.fill(number.replace(/ /g, ''));
  assert.equal(await field.inputValue(), number, 'the card number is shown in groups of four');
  await page.getByLabel('Expiry (MM/YY)').fill('1230');
  assert.equal(await page.getByLabel('Expiry (MM/YY)').inputValue(), '12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
}

describe('the number funnel', () => {
  const browser = useBrowser();

  it('holds a number, signs up, survives a declined card, passes the challenge, shows the number and cancels in one click', async () => {
    const page = await browser.newPage();
    const number = await holdNumberAsVisitor(page);
    await signUpFromHold(page, number);

    await visit(page, '/upgrade');
    await page.getByRole('list', { name: 'Plans' }).getByRole('link', { name: 'Start your 7-day free trial of Premium' }).click();
    await waitForPath(page, '/transaction?plan=PREMIUM&term=MONTH');
    await waitForHydration(page);
    const order = page.getByRole('region', { name: 'Your order' });
    await order.getByText('7-day free trial, then $19.99 a month').waitFor();
    // The held number and its timer are in the order; nothing on the payment step lets it go.
    await order.getByText(`${number} is held for you`).waitFor();
    assert.match((await order.getByRole('timer').textContent()) ?? '', /^1?\d:\d\d$/);
    assert.equal(await page.getByRole('button', { name: 'Let it go' }).count(), 0);
    await page.getByRole('list', { name: 'Cards we accept' }).getByText('Visa', { exact: true }).waitFor();
    await page.getByText("Processed by this server's local test processor", { exact: false }).waitFor();
    await page.getByRole('complementary', { name: 'Test cards' }).waitFor();

    // Inline validation: nothing reaches the server until the card makes sense.
    await page.getByRole('button', { name: 'Start my 7-day free trial' }).click();
    await page.getByText('Enter the name on the card.').waitFor();
    await page.getByText('Enter a valid card number.').waitFor();
    await assertNoSeriousAxeViolations(page);

    browser.expectConsoleErrors(CHECKOUT_402);
    await page.getByLabel('Name on card').fill('Funnel Tester');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByLabel('ZIP code (optional)').fill('10001');
    await page.getByRole('button', { name: 'Start my 7-day free trial' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: `${number} is still held for you.` })
      .waitFor();
    await order.getByText(`${number} is held for you`).waitFor();
    assert.equal(await page.getByLabel('Name on card').inputValue(), 'Funnel Tester', 'the form is kept');
    await assertNoSeriousAxeViolations(page);

    await fillCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Start my 7-day free trial' }).click();
    const challenge = page.getByRole('region', { name: 'Your bank wants to confirm this payment' });
    await challenge.waitFor();
    await assertNoSeriousAxeViolations(page);
    await challenge.getByRole('button', { name: 'Approve' }).click();
    await waitForPath(page, '/dashboard');
    await waitForHydration(page);

    const card = page.getByRole('region', { name: 'Your fax number' });
    assert.equal((await card.locator('.own-number').textContent())?.trim(), number, 'the number exactly as held');
    await page
      .getByRole('region', { name: 'Your plan' })
      .getByText(/^Premium · trial until [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
      .waitFor();

    // The plans page names the plan the user is on and marks its card; nothing is offered twice.
    await visit(page, '/upgrade');
    const yourPlan = page.getByRole('region', { name: 'Your plan' });
    await yourPlan.getByText('You are on a free trial of Premium, billed monthly after it.').waitFor();
    await yourPlan.getByText(/^The trial runs until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/).waitFor();
    await page.getByRole('listitem', { name: 'Premium' }).getByText('Your plan', { exact: true }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Plans' }).getByRole('link').count(), 0, 'no plan to choose while on one');
    await assertNoSeriousAxeViolations(page);

    // Spec §2: a user who already has a number is sent from /reserveNumber to /dashboard.
    await page.goto(`${BASE_URL}/reserveNumber`);
    await waitForPath(page, '/dashboard');

    await visit(page, '/settings?section=billing');
    const billing = page.getByRole('region', { name: 'Plan and billing' });
    await billing.getByText('Premium · Free trial').waitFor();
    await billing.getByText(`Your fax number: ${number}`).waitFor();
    await assertNoSeriousAxeViolations(page);
    // Cancelling asks first, naming the number it stops (tests/e2e/buyer-path.test.ts walks the rest).
    await billing.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Premium plan?' });
    await dialog.getByText(`your fax number ${number} stops receiving faxes`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await billing.getByText(/^Cancelled · ends [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    await billing.getByText(`Your plan and your number ${number} stay on until then`, { exact: false }).waitFor();
    assert.equal(await billing.getByRole('button', { name: 'Cancel plan' }).count(), 0);
    await billing.getByRole('button', { name: 'Resume plan' }).waitFor();
    await assertNoSeriousAxeViolations(page);
  });

  it('lets a user who paid without a number pick one that is theirs at once, and change their card', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'plan-first' });
    await visit(page, '/upgrade');
    await page.getByRole('list', { name: 'Plans' }).getByRole('link', { name: 'Start your 7-day free trial of Basic' }).click();
    await waitForPath(page, '/transaction?plan=BASIC&term=MONTH');
    await waitForHydration(page);
    await page.getByLabel('Name on card').fill('Plan First');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Start my 7-day free trial' }).click();
    await waitForPath(page, '/dashboard');

    // No number was held: the dashboard offers one, and the pick is the user's without a hold.
    const getOne = page.getByRole('region', { name: 'Receive faxes at your own number' });
    await getOne.getByText('Your plan includes a fax number of your own.', { exact: false }).waitFor();
    await getOne.getByRole('link', { name: 'Get a fax number' }).click();
    await waitForPath(page, '/reserveNumber');
    await page.getByText('Your plan is on: pick a local number and it is yours at once.').waitFor();
    // Attribution placed this browser in San Francisco (LOCAL_GEO): its numbers are listed first.
    const list = page.getByRole('list', { name: 'Free numbers: 415 · San Francisco, CA' });
    await list.getByRole('listitem').first().waitFor();
    const number = (await list.getByRole('listitem').first().locator('.number-display').textContent())?.trim() ?? '';
    await page.getByRole('button', { name: `Make ${number} my fax number` }).click();
    await waitForPath(page, '/dashboard');
    await waitForHydration(page);
    assert.equal((await page.getByRole('region', { name: 'Your fax number' }).locator('.own-number').textContent())?.trim(), number);

    await visit(page, '/settings?section=billing');
    const billing = page.getByRole('region', { name: 'Plan and billing' });
    // A trial has charged nothing yet: the card is on file, not charged.
    await billing.getByText('Card on file: Visa ending 4242').waitFor();
    await billing.getByRole('button', { name: 'Change card' }).click();
    const form = billing.getByRole('form', { name: 'New card' });
    await form.getByLabel('Name on card').fill('Plan First');
    await form.getByLabel('Card number').fill('5555555555554444');
    await form.getByLabel('Expiry (MM/YY)').fill('1230');
    await form.getByLabel('Security code (CVC)').fill('123');
    await form.getByRole('button', { name: 'Save card' }).click();
    await billing.getByText('Your new card is saved.').waitFor();
    await billing.getByText('Card on file: Mastercard ending 4444').waitFor();
    const check = billing.getByRole('row').filter({ hasText: 'New card: Mastercard ending 4444' });
    await check.getByRole('cell', { name: 'Verified', exact: true }).waitFor();
    await check.getByText('Card verified, nothing charged').waitFor();
    await assertNoSeriousAxeViolations(page);
  });

  it('sends a payment page without a valid plan back to the plans', async () => {
    const page = await browser.newPage();
    await visit(page, '/login?mode=signup&redirect=%2Ftransaction%3Fplan%3DGOLD');
    await page.getByLabel('E-mail').fill(uniqueEmail('funnel-plan'));
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/transaction?plan=GOLD');
    await page.getByRole('link', { name: 'Back to the plans' }).click();
    await waitForPath(page, '/upgrade');
  });
});
