import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertNoSeriousAxeViolations, signUp, useBrowser, visit } from './support/browser.ts';

// Settings › Developers (decision 046): a key is made, shown once with a Copy button, listed by its
// prefix and last four characters only, and revoked after a question. The section and the /v1
// reference page pass axe.

describe('API keys in Settings › Developers', () => {
  const browser = useBrowser();

  it('creates a key, shows it once, lists it masked, and revokes it', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'api-keys' });
    await visit(page, '/settings?section=developers');
    const card = page.getByRole('region', { name: 'API keys' });
    await card.getByText('No API keys yet.').waitFor();
    await assertNoSeriousAxeViolations(page);

    await card.getByRole('button', { name: 'Create an API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByLabel('Name').fill('Billing server');
    await form.getByLabel(/Manage webhooks/).check();
    await form.getByLabel('Expires').selectOption('30');
    await assertNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Create an API key' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new key now' });
    const secret = await shown.getByLabel('API key').inputValue();
    assert.match(secret, /^fx_live_[0-9A-Za-z]{36}$/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const list = card.getByRole('list', { name: 'API keys' });
    await list.getByText('Billing server').waitFor();
    await list.getByText(`fx_live_…${secret.slice(-4)}`).waitFor();
    assert.equal(await page.getByText(secret).count(), 0, 'the key is not shown again');
    await page.reload();
    assert.equal((await page.content()).includes(secret), false, 'the page never holds the key again');

    await page.getByRole('button', { name: 'Revoke Billing server' }).click();
    const question = page.getByRole('alertdialog', { name: 'Revoke "Billing server"?' });
    await question.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Key "Billing server" revoked.').waitFor();
    await page.getByRole('region', { name: 'API keys' }).getByText('No API keys yet.').waitFor();
  });

  it('links to the reference, where each operation has an example and each problem type its anchor', async () => {
    const page = await browser.newPage();
    await visit(page, '/developers');
    await page.getByRole('heading', { name: 'API reference', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /POST \/v1\/faxes$/ }).waitFor();
    assert.match((await page.locator('#sendFax pre').textContent()) ?? '', /Idempotency-Key/);
    await page.locator('#problem-insufficient-scope').getByText('insufficient_scope').waitFor();
    // The sandbox's magic numbers (decision 048).
    await page.locator('#sandbox').getByText('+1 212 555 0001').waitFor();
    assert.match((await page.locator('#receiveSandboxFax pre').textContent()) ?? '', /"pages": 2/);
    // AI agents are told where the MCP server is and how to authenticate.
    await page.getByRole('heading', { name: 'AI agents (MCP)' }).waitFor();
    assert.match((await page.locator('#mcp pre').textContent()) ?? '', /\/v1\/mcp\nHeader: Authorization: Bearer fx_live_/);
    assert.equal(await page.locator('script[src]').count(), 0, 'the reference runs no script');
    await assertNoSeriousAxeViolations(page);
  });
});
