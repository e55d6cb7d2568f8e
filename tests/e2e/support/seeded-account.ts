// A user with something on every page, made through the API as the pages themselves would make
// it: a number of their own on a plan, faxes sent (one delivered, one failed) and received (from a
// second account faxing their number), one fax in the trash, contacts, and a fax scheduled for
// tomorrow. Pages that show a user's data are judged with this one (the gallery, issue 28).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { BASE_URL, UI_TIMEOUT_MS } from './browser.ts';
import { makePdf } from './documents.ts';
import { giveOwnNumber, sendFaxFrom, waitForSendCredits } from './faxes.ts';
import { GOOD_PASSWORD, uniqueEmail } from './api.ts';

const SAME_SITE = { origin: BASE_URL };

export interface SeededAccount {
  email: string;
  password: string;
  name: string;
  /** Their own number as people read it, e.g. (212) 555-0100. */
  number: string;
}

/** Signs `page`'s browser up as a new user with a confirmed address and the free plan's credits. */
export async function signUpConfirmed(page: Page, name: string, label: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(label);
  const signedUp = await page.request.post('/api/signup', {
    headers: SAME_SITE,
    data: { email, password: GOOD_PASSWORD, displayName: name },
  });
  assert.equal(signedUp.status(), 201, await signedUp.text());
  const setUp = await page.request.post('/api/setupNewUser', { headers: SAME_SITE, data: { attribution: null } });
  assert.equal(setUp.status(), 200, await setUp.text());
  await confirmAddress(page, email);
  await waitForSendCredits(page, 10);
  return { email, password: GOOD_PASSWORD };
}

/** Follows the confirmation link the outbox holds for `email`, through the API the link's page calls. */
async function confirmAddress(page: Page, email: string): Promise<void> {
  const outbox = await page.request.get(`/api/devOutbox?to=${encodeURIComponent(email)}`);
  const { mail } = (await outbox.json()) as { mail: Array<{ text: string }> };
  const token = mail.map((m) => /verifyEmail=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  assert.ok(token, `a confirmation link was mailed to ${email}`);
  const confirmed = await page.request.post('/api/verifyEmail', { headers: SAME_SITE, data: { token } });
  assert.equal(confirmed.status(), 200, await confirmed.text());
}

async function post(page: Page, path: string, data: unknown): Promise<unknown> {
  const response = await page.request.post(path, { headers: SAME_SITE, data });
  assert.ok(response.ok(), `${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function waitFor(what: string, check: () => Promise<boolean>, timeout = UI_TIMEOUT_MS * 4): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type FaxList = { faxes: Array<{ id: string; status: string; remoteDisplay: string }> };

async function faxes(page: Page, direction: 'SEND' | 'RECEIVE'): Promise<FaxList['faxes']> {
  return ((await (await page.request.get(`/api/faxes?direction=${direction}`)).json()) as FaxList).faxes;
}

/**
 * Makes the seeded account in `page`'s browser, which stays signed in as it. A second account,
 * made in `sender`'s browser (another context), faxes the user's number twice.
 */
export async function seedAccount(page: Page, sender: Page): Promise<SeededAccount> {
  const name = 'Ada Lovelace';
  const { email, password } = await signUpConfirmed(page, name, 'gallery');
  const number = await giveOwnNumber(page);
  const digits = number.replace(/\D/g, '');

  await signUpConfirmed(sender, 'Grace Hopper', 'gallery-sender');
  await sendFaxFrom(sender, digits, 2);
  await sendFaxFrom(sender, digits, 1);

  for (const contact of [
    { name: 'Grace Hopper', faxNumber: '(312) 555-0190', company: 'Harvard Mark I' },
    { name: 'Alan Turing', faxNumber: '(415) 555-0134', company: 'Bletchley Park' },
    { name: 'Katherine Johnson', faxNumber: '(757) 555-0177', company: 'NASA Langley' },
  ]) {
    await post(page, '/api/addContact', contact);
  }
  await sendFaxFrom(page, '(312) 555-0190', 3);
  await sendFaxFrom(page, '(415) 555-0134', 1);
  await sendFaxFrom(page, '(646) 555-0003', 1); // not a fax machine: fails at once (api.md)
  await waitFor('the sent faxes end', async () =>
    (await faxes(page, 'SEND')).every((fax) => fax.status === 'DELIVERED' || fax.status === 'FAILED'),
  );
  await waitFor('two faxes arrive', async () => (await faxes(page, 'RECEIVE')).filter((fax) => fax.status === 'RECEIVED').length === 2);

  const delivered = (await faxes(page, 'SEND')).find((fax) => fax.remoteDisplay === '(415) 555-0134');
  assert.ok(delivered);
  await post(page, '/api/trashFaxes', { faxIds: [delivered.id] });

  const document = await makePdf(2, 'quarterly-report.pdf');
  const stored = await page.request.post('/api/files', { headers: SAME_SITE, multipart: { file: document } });
  assert.equal(stored.status(), 201, await stored.text());
  const { fileId } = (await stored.json()) as { fileId: string };
  const tomorrow = Date.now() + 24 * 3600 * 1000;
  await post(page, '/api/sendFax', {
    toNumber: '(757) 555-0177',
    fileId,
    coverpage: false,
    pageCount: 2,
    anonymous: false,
    sendAt: tomorrow,
  });
  return { email, password, name, number };
}
