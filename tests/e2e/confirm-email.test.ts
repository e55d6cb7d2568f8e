import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertNoSeriousAxeViolations, confirmEmailFromOutbox, signUp, useBrowser, waitForHydration } from './support/browser.ts';

// Issue 15, finding 1: a new account is asked to confirm its e-mail address on the dashboard, with
// what that limits, can have the link sent again, and follows it from the mail.

describe('confirming the e-mail address', () => {
  const browser = useBrowser();

  it('shows what is limited until then, sends the link again, and the link confirms it', async () => {
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'confirm-email' });
    await waitForHydration(page);
    // One sentence whose figure agrees with the plan's pages: faxes until the address is confirmed.
    const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
    await banner.getByText('Confirm your e-mail to keep sending: 3 faxes left until you do.').waitFor();
    await page.getByRole('region', { name: 'Your plan' }).getByText('Pages left to send').waitFor();
    await assertNoSeriousAxeViolations(page);

    await banner.getByRole('button', { name: 'Send the link again' }).click();
    // What just happened is a toast, announced, that goes away.
    const toast = page.getByRole('status').filter({ hasText: `Sent. Check your inbox at ${account.email}.` });
    await toast.waitFor();
    await toast.getByText('Sent.', { exact: false }).waitFor({ state: 'detached', timeout: 10_000 });

    // The mail waits in the local outbox; the newest link is followed from there.
    await confirmEmailFromOutbox(page, account.email);
    assert.equal(new URL(page.url()).search, '', 'the token leaves the address bar');
    assert.equal(await banner.count(), 0);
    await assertNoSeriousAxeViolations(page);

    await page.reload();
    await waitForHydration(page);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Confirm your e-mail address' }).count(), 0);
  });
});
