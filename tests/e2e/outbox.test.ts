import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount } from './support/api.ts';
import { assertNoSeriousAxeViolations, useBrowser, visit, waitForHydration } from './support/browser.ts';

// Issue 28, point 8: a developer sees in /dev/outbox how a mail looks in a mail client, drawn with
// its own styles (which the page's policy would strip from a srcdoc frame), and goes back to its text.

const SUBJECT = 'Confirm your e-mail address for FaxFlow';

describe('the outbox', () => {
  const browser = useBrowser();

  it('shows a mail as its HTML, with its styles and its button, and as text again', async () => {
    const account = await createAccount({ label: 'outbox' });
    const page = await browser.newPage();
    await visit(page, `/dev/outbox?to=${encodeURIComponent(account.email)}`);
    await waitForHydration(page);
    const mail = page.getByRole('article', { name: SUBJECT });
    const textLink = mail.getByRole('link', { name: /\/dashboard\?verifyEmail=/ });
    const link = await textLink.getAttribute('href');
    assert.match(link ?? '', /^https?:\/\/[^/]+\/dashboard\?verifyEmail=[\w-]+$/);

    await mail.getByRole('button', { name: 'View as HTML' }).click();
    const html = mail.getByTitle(`The HTML of “${SUBJECT}”`).contentFrame();
    const button = html.getByRole('link', { name: 'Confirm my e-mail address' });
    assert.equal(await button.getAttribute('href'), link);
    // The inline styles came through: the button is the accent blue, the preview line is hidden.
    const colour = await html.locator('td.mail-button').evaluate((cell) => getComputedStyle(cell).backgroundColor);
    assert.equal(colour, 'rgb(37, 99, 235)');
    assert.equal(await html.locator('.preheader').isVisible(), false);
    await html.getByText(`If the button does not work, paste this address into your browser:`).waitFor();
    await assertNoSeriousAxeViolations(page);

    await mail.getByRole('button', { name: 'View as text' }).click();
    await textLink.waitFor();
    assert.equal(await mail.locator('iframe').count(), 0);
  });
});
