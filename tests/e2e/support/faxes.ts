// Setup for tests about receiving: a user gets a number and another user faxes it, through the
// API from the test's own pages (their cookies), as the /reserveNumber, /transaction and /send
// pages would. The browser tests of those pages cover the pages themselves.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { BASE_URL, FAX_TIMEOUT_MS, UI_TIMEOUT_MS } from './browser.ts';
import { makePdf } from './documents.ts';

const SAME_SITE = { origin: BASE_URL };
/** The local processor's card that always succeeds (README "Test cards"). */
const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Inbox Tester' };

/** Waits until new-user setup has granted the free plan's send credits (it runs after sign-up). */
export async function waitForSendCredits(page: Pick<Page, 'request'>, credits: number): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const response = await page.request.get('/api/account');
    const body = (await response.json()) as { account?: { faxCredits: { defaultCreditsSend: number; paidCreditsSend: number } } };
    const held = body.account ? body.account.faxCredits.defaultCreditsSend + body.account.faxCredits.paidCreditsSend : -1;
    if (held === credits) return;
    if (Date.now() > deadline) throw new Error(`expected ${credits} send credits, the account has ${held}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The signed-in user of `page` holds the first free 212 number and pays for BASIC; answers it as shown. */
export async function giveOwnNumber(page: Pick<Page, 'request'>): Promise<string> {
  const search = await page.request.get('/api/numbers?areaCode=212');
  assert.equal(search.status(), 200, await search.text());
  const { numbers } = (await search.json()) as { numbers: Array<{ id: string; display: string }> };
  assert.ok(numbers.length > 0, 'the local pool has a free 212 number');
  // Test files run side by side and list the same free numbers: start at a random one, and take
  // the next when another file has just held it, as a person would pick another.
  const start = Math.floor(Math.random() * numbers.length);
  let first: { id: string; display: string } | null = null;
  for (let i = 0; i < numbers.length && !first; i++) {
    const candidate = numbers[(start + i) % numbers.length]!;
    const hold = await page.request.get(`/api/reserveTempNumber?numberId=${encodeURIComponent(candidate.id)}`, { headers: SAME_SITE });
    const text = await hold.text();
    if (hold.status() === 200) first = candidate;
    else assert.match(text, /NUMBER_TAKEN/, text);
  }
  assert.ok(first, 'one of the free 212 numbers could be held');
  const paid = await page.request.post('/api/checkout', { headers: SAME_SITE, data: { plan: 'BASIC', term: 'MONTH', card: GOOD_CARD } });
  assert.equal(paid.status(), 200, await paid.text());
  const answer = (await paid.json()) as { checkout: { state: string }; subscription: { faxNumber: { display: string } | null } };
  assert.equal(answer.checkout.state, 'succeeded');
  assert.equal(answer.subscription.faxNumber?.display, first.display, 'the held number is assigned');
  return first.display;
}

/** The signed-in user of `page` faxes a `pages`-page PDF to `toNumber`; answers the sent fax's id. */
export async function sendFaxFrom(page: Pick<Page, 'request'>, toNumber: string, pages: number): Promise<string> {
  const document = await makePdf(pages, 'for-the-inbox.pdf');
  const stored = await page.request.post('/api/files', { headers: SAME_SITE, multipart: { file: document } });
  assert.equal(stored.status(), 201, await stored.text());
  const { fileId } = (await stored.json()) as { fileId: string };
  const sent = await page.request.post('/api/sendFax', {
    headers: SAME_SITE,
    data: { toNumber, fileId, coverpage: false, pageCount: pages, anonymous: false },
  });
  assert.equal(sent.status(), 201, await sent.text());
  return ((await sent.json()) as { faxId: string }).faxId;
}

type Sent = { faxes: Array<{ id: string; status: string }> };

/** Waits until every fax the user sent has ended (delivered or failed). */
export async function waitForSentFaxesDone(page: Pick<Page, 'request'>, count: number): Promise<void> {
  const deadline = Date.now() + FAX_TIMEOUT_MS;
  for (;;) {
    const { faxes } = (await (await page.request.get('/api/faxes?direction=SEND')).json()) as Sent;
    if (faxes.length === count && faxes.every((fax) => fax.status === 'DELIVERED' || fax.status === 'FAILED')) return;
    if (Date.now() > deadline) throw new Error(`the ${count} faxes did not end: ${JSON.stringify(faxes.map((f) => f.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
