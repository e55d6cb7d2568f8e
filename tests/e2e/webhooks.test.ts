import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { assertNoSeriousAxeViolations, signUp, UI_TIMEOUT_MS, useBrowser, visit, waitForHydration } from './support/browser.ts';

// Settings › Developers › Webhooks (decision 047), as a customer uses it: add an endpoint, see its
// secret once, send a test event, see the delivery in the log. The receiver is a server on this
// machine (http://localhost:<port> is allowed only in local runs: WEBHOOK_ALLOW_LOCAL_HTTP).

interface Hit {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('webhooks in settings', () => {
  const browser = useBrowser();
  let receiver: Server;
  const hits: Hit[] = [];

  before(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        hits.push({ headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, 'localhost', resolve));
  });

  after(() => receiver.close());

  it('adds an endpoint, shows its secret once, sends a test event and shows it in the log', async () => {
    const page = await browser.newPage();
    await signUp(page, { label: 'webhooks' });
    await visit(page, '/settings?section=developers');
    await waitForHydration(page);
    const card = page.getByRole('region', { name: 'Webhooks' });
    await card.getByText('No endpoints yet').waitFor();

    const url = `http://localhost:${(receiver.address() as AddressInfo).port}/hook`;
    await card.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await card.getByRole('textbox', { name: 'Description (optional)' }).fill('e2e receiver');
    await card.getByRole('button', { name: 'Add endpoint' }).click();

    const secretBox = page.getByRole('region', { name: 'Your signing secret' });
    const secret = (await secretBox.locator('code').textContent())?.trim() ?? '';
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    await assertNoSeriousAxeViolations(page);
    await secretBox.getByRole('button', { name: 'I have saved it' }).click();
    await secretBox.waitFor({ state: 'detached' });
    assert.equal(await page.getByText(secret).count(), 0);

    const list = card.getByRole('list', { name: 'Webhook endpoints' });
    await list.getByText(url).waitFor();
    await list.getByRole('button', { name: `Send a test event: ${url}` }).click();
    await card.getByText(`Test event sent to ${url}.`).waitFor();

    const log = card.getByRole('region', { name: 'Delivery log' });
    await log.getByText('webhook.test', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    await log.getByText('HTTP 200').waitFor();
    await log.getByText('Delivered').waitFor();
    assert.equal(hits.length, 1);
    assert.equal(JSON.parse(hits[0]!.body).type, 'webhook.test');
    assert.match(String(hits[0]!.headers['webhook-signature']), /^v1,/);

    await log.getByText('Request and answer').click();
    await log.getByText('thanks').waitFor();
    await assertNoSeriousAxeViolations(page);
  });

  it('refuses an address on the private network, saying why', async () => {
    const page = await browser.newPage();
    browser.expectConsoleErrors(/status of 400 .*\/api\/addWebhookEndpoint/);
    await signUp(page, { label: 'webhooks-ssrf' });
    await visit(page, '/settings?section=developers');
    await waitForHydration(page);
    const card = page.getByRole('region', { name: 'Webhooks' });
    await card.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://169.254.169.254/latest');
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    await card.getByText('That address cannot receive webhooks').waitFor();
    assert.equal(await card.getByRole('list', { name: 'Webhook endpoints' }).count(), 0);
  });
});
