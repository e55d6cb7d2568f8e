import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { assertNoSeriousAxeViolations, signUp, useBrowser, visit, waitForHydration } from './support/browser.ts';

// Received faxes by e-mail (decision 028): in Settings the user adds an address, whose
// confirmation link waits in the local outbox; following it and confirming there (no session
// needed) makes the address confirmed in Settings. Settings and the confirmation page pass axe.

describe('addresses for received faxes', () => {
  const browser = useBrowser();

  it('adds an address in Settings and confirms it from the link in the local outbox', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'fax-mail' });
    const address = `office-${randomUUID().slice(0, 8)}@example.com`;

    await visit(page, '/settings?section=fax-mail');
    const section = page.getByRole('region', { name: 'Faxes by e-mail' });
    await section.getByText('No addresses yet.').waitFor();
    await section.getByLabel('Add an address').fill(address);
    await section.getByRole('button', { name: 'Add address' }).click();
    await section.getByText(`We sent a confirmation link to ${address}.`).waitFor();
    const list = section.getByRole('list', { name: 'Addresses for received faxes' });
    await list.getByText(address).waitFor();
    await list.getByText(/Waiting for confirmation/).waitFor();
    await assertNoSeriousAxeViolations(page);

    // A new link on request; the newest one in the outbox is followed.
    await list.getByRole('button', { name: `Send the link again to ${address}` }).click();
    await section.getByText(`We sent a new link to ${address}.`).waitFor();

    await visit(page, `/dev/outbox?to=${encodeURIComponent(address)}`);
    await page.getByRole('heading', { name: 'Confirm this address for faxes from FaxFlow' }).first().waitFor();
    await page
      .getByRole('link', { name: /\/confirmFaxMail\?token=/ })
      .first()
      .click();
    await page.waitForURL(/\/confirmFaxMail\?token=/);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Confirm this address for faxes', level: 1 }).waitFor();
    await assertNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm this address' }).click();
    await page.getByText(`${address} is confirmed: it will get every fax the account receives.`).waitFor();
    assert.equal(new URL(page.url()).search, '', 'the used link leaves the address bar');

    await visit(page, '/settings?section=fax-mail');
    const confirmed = page.getByRole('region', { name: 'Faxes by e-mail' }).getByRole('list', { name: 'Addresses for received faxes' });
    await confirmed.getByText('Confirmed', { exact: true }).waitFor();
    assert.equal(await confirmed.getByText(/Waiting for confirmation/).count(), 0);

    await confirmed.getByRole('button', { name: `Remove ${address}` }).click();
    await page.getByText(`${address} will get no more faxes.`).waitFor();
    await page.getByRole('region', { name: 'Faxes by e-mail' }).getByText('No addresses yet.').waitFor();
  });
});
