import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  BASE_URL,
  confirmEmailFromOutbox,
  FAX_TIMEOUT_MS,
  holdRequests,
  liveIndicator,
  sessionCookieOf,
  signUp,
  UI_TIMEOUT_MS,
  useBrowser,
} from './support/browser.ts';
import { makePdf } from './support/documents.ts';
import { giveOwnNumber, sendFaxFrom } from './support/faxes.ts';

// First paint with data (decision 033): every signed-in page comes from the
// server with its first screen in the HTML, reads no list or fax twice as it loads, keeps what
// changed between its render and its live connection, and does not move as it loads.

const SAME_SITE = { origin: BASE_URL };
/** Moto G Power, the phone Lighthouse's mobile run emulates. */
const PHONE = { width: 412, height: 823 };

interface Setup {
  cookie: string;
  ownNumber: string;
  sentId: string;
  receivedId: string;
  broadcastId: string;
}

/** The numbers the setup sends to, as the pages show them (any such number is delivered). */
const SENT_TO = '(212) 555-0142';
const BROADCAST_TO = ['(312) 555-0142', '(415) 555-0142'];
const TRASHED_TO = '(617) 555-0142';
const CONTACT = 'Paint Contact';

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: SAME_SITE, data });
  assert.ok(response.ok(), `${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function waitForFaxes(
  page: Page,
  direction: 'SEND' | 'RECEIVE',
  done: (faxes: Array<{ id: string; completed: number | null }>) => boolean,
) {
  const deadline = Date.now() + FAX_TIMEOUT_MS;
  for (;;) {
    const response = await page.request.get(`/api/faxes?direction=${direction}`);
    const { faxes } = (await response.json()) as { faxes: Array<{ id: string; completed: number | null }> };
    if (done(faxes)) return faxes;
    if (Date.now() > deadline) throw new Error(`the ${direction} faxes did not settle: ${JSON.stringify(faxes)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One user with something on every page: a fax sent and received, a send to two numbers, one in the trash, a contact. */
async function userWithEverything(page: Page): Promise<Setup> {
  const account = await signUp(page, { label: 'first-paint' });
  await confirmEmailFromOutbox(page, account.email);
  const ownNumber = await giveOwnNumber(page);
  const sentId = await sendFaxFrom(page, ownNumber, 1);
  const document = await makePdf(1, 'paint.pdf');
  const stored = await page.request.post('/api/files', { headers: SAME_SITE, multipart: { file: document } });
  const { fileId } = (await stored.json()) as { fileId: string };
  const one = (toNumber: string) => ({ toNumber, fileId, coverpage: false, pageCount: 1, anonymous: false });
  await post(page, '/api/sendFax', one(SENT_TO));
  const trashed = await post<{ faxId: string }>(page, '/api/sendFax', one(TRASHED_TO));
  const { broadcastId } = await post<{ broadcastId: string }>(page, '/api/sendFaxToMany', {
    recipients: BROADCAST_TO.map((toNumber) => ({ toNumber })),
    fileId,
    coverpage: false,
    pageCount: 1,
    anonymous: false,
  });
  await post(page, '/api/addContact', { name: CONTACT, faxNumber: '(212) 555-0199' });
  const [received] = await waitForFaxes(page, 'RECEIVE', (faxes) => faxes.length === 1 && faxes[0]!.completed !== null);
  await waitForFaxes(page, 'SEND', (faxes) => faxes.length === 5 && faxes.every((fax) => fax.completed !== null));
  await post(page, '/api/trashFaxes', { faxIds: [trashed.faxId] });
  const cookie = await sessionCookieOf(page.context());
  assert.ok(cookie);
  return { cookie, ownNumber, sentId, receivedId: received!.id, broadcastId };
}

/** The page's HTML as the server sends it, before any script runs. */
async function serverHtml(setup: Setup, path: string): Promise<string> {
  const response = await fetch(BASE_URL + path, { headers: { cookie: setup.cookie }, redirect: 'manual' });
  assert.equal(response.status, 200, `${path} answers ${response.status}`);
  return response.text();
}

/** The reads of user data a load of a page makes, by call ("/api/faxes?direction=SEND", "/api/faxes/{id}", …). */
function recordReads(page: Page): Map<string, number> {
  const reads = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/') || url.pathname === '/api/live') return;
    const direction = url.searchParams.get('direction');
    const call = direction ? `${url.pathname}?direction=${direction}` : url.pathname;
    reads.set(call, (reads.get(call) ?? 0) + 1);
  });
  return reads;
}

/** Sums every layout shift the page makes from its first paint (PerformanceObserver, buffered). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Opens a page as a phone would and waits until it is live and nothing more is loading. */
async function openSettled(page: Page, path: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  await liveIndicator(page, 'Connected').waitFor();
  await page.waitForLoadState('networkidle');
}

describe('first paint with data', () => {
  const browser = useBrowser();
  let setup: Setup;

  before(async () => {
    const page = await browser.newPage();
    setup = await userWithEverything(page);
    await page.close();
  });

  async function signedInPage(): Promise<Page> {
    const [name, value] = setup.cookie.split('=') as [string, string];
    await browser.context.addCookies([{ name, value, url: BASE_URL }]);
    return browser.newPage();
  }

  it('sends the first screen of each page in its HTML', async () => {
    assert.match(await serverHtml(setup, '/sent'), new RegExp(escapeRegExp(SENT_TO)));
    assert.match(await serverHtml(setup, '/inbox'), new RegExp(escapeRegExp(setup.ownNumber)));
    assert.match(await serverHtml(setup, '/trash'), new RegExp(escapeRegExp(TRASHED_TO)));
    assert.match(await serverHtml(setup, '/phonebook'), new RegExp(CONTACT));
    assert.match(await serverHtml(setup, `/faxDetails/${setup.sentId}`), new RegExp(`Fax to ${escapeRegExp(setup.ownNumber)}`));
    assert.match(await serverHtml(setup, `/preview?faxId=${setup.receivedId}`), new RegExp(`Fax from ${escapeRegExp(setup.ownNumber)}`));
    const broadcast = await serverHtml(setup, `/broadcast/${setup.broadcastId}`);
    for (const number of BROADCAST_TO) assert.match(broadcast, new RegExp(escapeRegExp(number)));
    // The plan as Settings names it (one case for plan names since the visual system: "Basic · Free trial").
    assert.match(await serverHtml(setup, '/settings?section=billing'), /Basic · (Free trial|Paid)/);
    assert.match(await serverHtml(setup, '/settings?section=security'), /E-mail and password/);
    const dashboard = await serverHtml(setup, '/dashboard');
    assert.match(dashboard, /Basic · trial until /);
    assert.match(dashboard, new RegExp(`To ${escapeRegExp(SENT_TO)}`));
    assert.match(await serverHtml(setup, '/upgrade'), /Your plan/);
  });

  it('answers a fax that is not the user’s with the same “not found” the API answers', async () => {
    const missing = crypto.randomUUID();
    const api = await fetch(`${BASE_URL}/api/faxes/${missing}`, { headers: { cookie: setup.cookie } });
    assert.equal(api.status, 404);
    const html = await serverHtml(setup, `/faxDetails/${missing}`);
    assert.match(html, /This fax was not found\./);
    assert.doesNotMatch(html, new RegExp(escapeRegExp(SENT_TO)));
  });

  // Twelve pages, each opened and settled in turn: the time limit is a page's wait times the pages.
  it('reads no list and no fax more than once while a page loads, and nothing moves', { timeout: 12 * UI_TIMEOUT_MS }, async () => {
    const pages = [
      '/dashboard',
      '/sent',
      '/inbox',
      '/trash',
      '/phonebook',
      '/settings',
      '/send',
      '/upgrade',
      '/transaction?plan=PREMIUM&term=YEAR',
      `/faxDetails/${setup.sentId}`,
      `/preview?faxId=${setup.receivedId}`,
      `/broadcast/${setup.broadcastId}`,
    ];
    for (const path of pages) {
      const page = await signedInPage();
      await watchLayoutShifts(page);
      const reads = recordReads(page);
      await openSettled(page, path);
      const twice = [...reads].filter(([, count]) => count > 1);
      assert.deepEqual(twice, [], `${path} read ${JSON.stringify(Object.fromEntries(reads))}`);
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      assert.ok(shift <= 0.02, `${path} shifted its layout by ${shift}`);
      await page.close();
    }
  });

  it('/settings renders each section whole: nothing loads after the page, nothing moves', { timeout: 7 * UI_TIMEOUT_MS }, async () => {
    const sections = [
      { section: 'profile', heading: 'Display name' },
      { section: 'security', heading: 'Sign-in history' },
      { section: 'billing', heading: 'Plan and billing' },
      { section: 'notifications', heading: 'Notifications' },
      { section: 'fax-mail', heading: 'Faxes by e-mail' },
      { section: 'appearance', heading: 'Theme' },
      { section: 'developers', heading: 'Webhooks' },
    ];
    for (const { section, heading } of sections) {
      const path = `/settings?section=${section}`;
      const page = await signedInPage();
      await watchLayoutShifts(page);
      const reads = recordReads(page);
      await openSettled(page, path);
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
      assert.equal(await page.getByText('Loading…').count(), 0, path);
      for (const call of [
        '/api/account',
        '/api/checkSubscriptionStatus',
        '/api/billingHistory',
        '/api/faxMailAddresses',
        '/api/loginHistory',
      ]) {
        assert.ok((reads.get(call) ?? 0) <= 1, `${path}: ${call} read ${reads.get(call)} times`);
      }
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      assert.ok(shift <= 0.02, `${path} shifted its layout by ${shift}`);
      await page.close();
    }
  });

  // Islands hydrate one by one: on a busy machine the page's own island can act before the
  // navigation's has hydrated. Here opening an unread fax marks it read first, so the unread
  // count the navigation was rendered with is no longer the store's when it hydrates.
  it('hydrates the navigation with the count it was rendered with, though the count changed before', async () => {
    const page = await signedInPage();
    await post(page, '/api/setFaxReadStatus', { faxId: setup.receivedId, status: 'unread' });
    const marked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/setFaxReadStatus', {
      timeout: UI_TIMEOUT_MS,
    });
    let held = 0;
    await page.route('**/_astro/CountedNavLink.*.js', async (route) => {
      held += 1;
      await marked.catch(() => undefined);
      await route.continue();
    });
    await page.goto(`/preview?faxId=${setup.receivedId}`);
    await page.getByRole('navigation').getByRole('link', { name: 'Inbox 1 unread' }).first().waitFor();
    await marked;
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    assert.ok(held > 0, 'the navigation’s island was held until the fax was marked read');
    await page.getByRole('navigation').getByRole('link', { name: 'Inbox', exact: true }).first().waitFor();
  });

  it('shows what changed between its render and its live connection', async () => {
    const page = await signedInPage();
    // The live socket opens after verifyAuth: holding it back opens a gap after the render.
    const release = await holdRequests(page, '**/api/verifyAuth');
    await page.goto('/phonebook');
    await page.getByText(CONTACT).first().waitFor();
    await post(page, '/api/addContact', { name: 'Added In The Gap', faxNumber: '(212) 555-0177' });
    release();
    await liveIndicator(page, 'Connected').waitFor();
    await page.getByText('Added In The Gap').waitFor();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
