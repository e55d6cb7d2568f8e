import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoSeriousAxeViolations, signUp, useBrowser, visit } from './support/browser.ts';
import { makePdf } from './support/documents.ts';

// Issue 12, point 6: every page's footer names the support address (SUPPORT_EMAIL; wrangler.toml's
// value locally) as a mailto link, and a message that says to write to us links the same address.

const SUPPORT_EMAIL = 'support@faxflow.example';

async function expectFooterLink(page: Page): Promise<void> {
  const footer = page.getByRole('contentinfo');
  const link = footer.getByRole('link', { name: SUPPORT_EMAIL });
  assert.equal(await link.getAttribute('href'), `mailto:${SUPPORT_EMAIL}`);
  const help = footer.getByText(/^Questions or trouble\?/);
  assert.equal((await help.textContent())?.replace(/\s+/g, ' ').trim(), `Questions or trouble? Write to us at ${SUPPORT_EMAIL}.`);
}

describe('the support address', () => {
  const browser = useBrowser();

  it('is in the footer of a visitor’s and a user’s pages', async () => {
    const page = await browser.newPage();
    await visit(page, '/login');
    await expectFooterLink(page);
    await assertNoSeriousAxeViolations(page);
    await signUp(page, { label: 'support-footer' });
    await expectFooterLink(page);
    await assertNoSeriousAxeViolations(page);
  });

  it('is linked from an upload refused for lack of room', async () => {
    browser.expectConsoleErrors(/status of 402 /);
    const page = await browser.newPage();
    await signUp(page, { label: 'support-upload' });
    await visit(page, '/send');
    // The server says there is no room (HTTP 402), as storage quota errors come.
    await page.route(
      (url) => url.pathname === '/api/files',
      (route) => route.fulfill({ status: 402, contentType: 'application/json', body: '{}' }),
    );
    await page.getByLabel('Choose a file').setInputFiles(await makePdf(1));
    // Said inside the drop zone, where the file was chosen.
    const alert = page
      .getByRole('region', { name: 'Document' })
      .getByRole('alert')
      .filter({ hasText: 'There is no room left for this file' });
    await alert.waitFor();
    assert.equal(
      (await alert.textContent())?.trim(),
      `There is no room left for this file. Delete some documents, or write to us at ${SUPPORT_EMAIL}.`,
    );
    assert.equal(await alert.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href'), `mailto:${SUPPORT_EMAIL}`);
    await assertNoSeriousAxeViolations(page);
  });
});
