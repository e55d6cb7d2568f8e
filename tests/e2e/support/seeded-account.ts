// A user with something on every page, made through the API as the pages themselves would make
// it: a number of their own on a plan, faxes sent (delivered, failed, to three numbers at once)
// and received (from a second account faxing their number), one fax in the trash, contacts, and a
// fax scheduled for tomorrow. The gallery judges every signed-in page with this user.
import assert from 'node:assert/strict';
import type { APIRequestContext, Page } from 'playwright-core';
import { GOOD_PASSWORD, uniqueEmail } from './api.ts';
import { BASE_URL, UI_TIMEOUT_MS } from './browser.ts';
import { makePdf } from './documents.ts';
import { giveOwnNumber, sendFaxFrom, waitForSendCredits } from './faxes.ts';

const SAME_SITE = { origin: BASE_URL };

/** Who calls: a page's request context (its cookies are the page's) or one of its own. */
type Caller = Pick<Page, 'request'>;

export interface SeededAccount {
  email: string;
  password: string;
  name: string;
  /** Their own number as people read it, e.g. (212) 555-0100. */
  number: string;
  /** A sent fax, a received one and a send to many, to open their pages. */
  sentFaxId: string;
  receivedFaxId: string;
  broadcastId: string;
}

/** The caller signs up as a new user with a confirmed address and the free plan's credits. */
export async function signUpConfirmed(caller: Caller, name: string, label: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(label);
  const signedUp = await caller.request.post('/api/signup', {
    headers: SAME_SITE,
    data: { email, password: GOOD_PASSWORD, displayName: name },
  });
  assert.equal(signedUp.status(), 201, await signedUp.text());
  const setUp = await caller.request.post('/api/setupNewUser', { headers: SAME_SITE, data: { attribution: null } });
  assert.equal(setUp.status(), 200, await setUp.text());
  await confirmAddress(caller, email);
  await waitForSendCredits(caller, 10);
  return { email, password: GOOD_PASSWORD };
}

/** Follows the confirmation link the outbox holds for `email`, through the API the link's page calls. */
async function confirmAddress(caller: Caller, email: string): Promise<void> {
  const outbox = await caller.request.get(`/api/devOutbox?to=${encodeURIComponent(email)}`);
  const { mail } = (await outbox.json()) as { mail: Array<{ text: string }> };
  const token = mail.map((m) => /verifyEmail=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  assert.ok(token, `a confirmation link was mailed to ${email}`);
  const confirmed = await caller.request.post('/api/verifyEmail', { headers: SAME_SITE, data: { token } });
  assert.equal(confirmed.status(), 200, await confirmed.text());
}

async function post<T>(caller: Caller, path: string, data: unknown): Promise<T> {
  const response = await caller.request.post(path, { headers: SAME_SITE, data });
  assert.ok(response.ok(), `${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeout = UI_TIMEOUT_MS * 6): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type ListedFax = { id: string; status: string; remoteDisplay: string; sendAt: number | null };

async function faxes(caller: Caller, direction: 'SEND' | 'RECEIVE'): Promise<ListedFax[]> {
  return ((await (await caller.request.get(`/api/faxes?direction=${direction}`)).json()) as { faxes: ListedFax[] }).faxes;
}

async function storedDocument(caller: Caller, pages: number, name: string): Promise<string> {
  const stored = await caller.request.post('/api/files', { headers: SAME_SITE, multipart: { file: await makePdf(pages, name) } });
  assert.equal(stored.status(), 201, await stored.text());
  return ((await stored.json()) as { fileId: string }).fileId;
}

/**
 * Makes the seeded account with `caller`'s cookies, which stay signed in as it. A second account,
 * signed in with `sender`'s own cookies (a separate request context), faxes the user's number twice.
 */
export async function seedAccount(caller: Caller, sender: APIRequestContext): Promise<SeededAccount> {
  const name = 'Ada Lovelace';
  const { email, password } = await signUpConfirmed(caller, name, 'gallery');
  const number = await giveOwnNumber(caller);
  const digits = number.replace(/\D/g, '');

  const other: Caller = { request: sender };
  await signUpConfirmed(other, 'Grace Hopper', 'gallery-sender');
  await sendFaxFrom(other, digits, 2);
  await sendFaxFrom(other, digits, 1);

  for (const contact of [
    { name: 'Grace Hopper', faxNumber: '(312) 555-0190', company: 'Harvard Mark I' },
    { name: 'Alan Turing', faxNumber: '(415) 555-0134', company: 'Bletchley Park' },
    { name: 'Katherine Johnson', faxNumber: '(757) 555-0177', company: 'NASA Langley' },
  ]) {
    await post(caller, '/api/addContact', contact);
  }
  const sentFaxId = await sendFaxFrom(caller, '(312) 555-0190', 3);
  await sendFaxFrom(caller, '(415) 555-0134', 1);
  await sendFaxFrom(caller, '(646) 555-0003', 1); // not a fax machine: fails at once (docs/api.md)
  const { broadcastId } = await post<{ broadcastId: string }>(caller, '/api/sendFaxToMany', {
    recipients: [{ toNumber: '(312) 555-0191' }, { toNumber: '(312) 555-0192' }, { toNumber: '(312) 555-0193' }],
    fileId: await storedDocument(caller, 1, 'notice.pdf'),
    coverpage: false,
    pageCount: 1,
    anonymous: false,
  });
  const ended = (fax: ListedFax): boolean => fax.status === 'DELIVERED' || fax.status === 'FAILED';
  await waitFor('the sent faxes end', async () => (await faxes(caller, 'SEND')).every(ended));
  await waitFor('two faxes arrive', async () => (await faxes(caller, 'RECEIVE')).filter((fax) => fax.status === 'RECEIVED').length === 2);

  const toTrash = (await faxes(caller, 'SEND')).find((fax) => fax.remoteDisplay === '(415) 555-0134');
  assert.ok(toTrash);
  await post(caller, '/api/trashFaxes', { faxIds: [toTrash.id] });

  const tomorrow = Date.now() + 24 * 3600 * 1000;
  const fileId = await storedDocument(caller, 2, 'quarterly-report.pdf');
  await post(caller, '/api/sendFax', {
    toNumber: '(757) 555-0177',
    fileId,
    coverpage: false,
    pageCount: 2,
    anonymous: false,
    sendAt: tomorrow,
  });
  const [newestReceived] = await faxes(caller, 'RECEIVE');
  assert.ok(newestReceived);
  return { email, password, name, number, sentFaxId, receivedFaxId: newestReceived.id, broadcastId };
}
