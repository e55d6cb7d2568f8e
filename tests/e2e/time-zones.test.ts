import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '../../src/common/routes.ts';
import { BASE_URL, GOOD_PASSWORD } from './support/api.ts';
import { FAX_TIMEOUT_MS, signUp, useBrowser, visit } from './support/browser.ts';
import { makePdf } from './support/documents.ts';
import { giveOwnNumber, sendFaxFrom, waitForSendCredits } from './support/faxes.ts';

// Issue 16, point 5 (decision 031): a reader whose browser is not in the server's time zone (UTC)
// opens every page a signed-in user can open, after a fax was sent and one received, and no page
// logs an error — above all no "Minified React error #418", the server's HTML and the browser's
// first render disagreeing about a date. Dates read in the browser's zone, in the server's HTML
// already once the browser has told the server its zone, and after hydration when it had not.

/** Half an hour off UTC, so no time of day reads the same in both. */
const ZONE = 'Asia/Kolkata';
const SAME_SITE = { origin: BASE_URL };

interface Fixture {
  email: string;
  sentFaxId: string;
  receivedFaxId: string;
  /** When the received fax started arriving: the dashboard's recent activity labels it with it. */
  receivedStart: number;
  broadcastId: string;
  /** When the send to many is scheduled: 19:00 UTC, which is 00:30 the next day in Kolkata. */
  sendAt: number;
}

/** A date and time as a list words it (formatListDate): "Jan 5, 4:30 PM" this year, "Jan 5, 2025" before. */
function listDateIn(zone: string, at: number): string {
  const year = (when: number) => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: zone }).format(when);
  const options: Intl.DateTimeFormatOptions =
    year(at) === year(Date.now()) ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } : { dateStyle: 'medium' };
  return plain(new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(at));
}

/** A date and time as the site words it (src/i18n/dates.ts) for a reader in `zone`. */
function dateTimeIn(zone: string, at: number): string {
  return plain(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(at));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every space plain, as the site writes them and whatever ICU data this Node has. */
function plain(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The next 19:00 UTC at least an hour away: already the next day in Kolkata. */
function nextEveningUtc(now: number): number {
  const evening = new Date(now);
  evening.setUTCHours(19, 0, 0, 0);
  if (evening.getTime() < now + 60 * 60 * 1000) evening.setUTCDate(evening.getUTCDate() + 1);
  return evening.getTime();
}

/** The fax the user sent to their own number, once it has arrived. */
async function waitForReceived(page: Page): Promise<{ id: string; start: number }> {
  const deadline = Date.now() + FAX_TIMEOUT_MS;
  for (;;) {
    const response = await page.request.get('/api/faxes?direction=RECEIVE');
    const { faxes } = (await response.json()) as { faxes: Array<{ id: string; status: string; start: number }> };
    const received = faxes.find((fax) => fax.status === 'RECEIVED');
    if (received) return received;
    if (Date.now() > deadline) throw new Error('the fax sent to the user’s own number did not arrive');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function scheduleSendToMany(page: Page, numbers: string[], sendAt: number): Promise<string> {
  const document = await makePdf(1, 'later.pdf');
  const stored = await page.request.post('/api/files', { headers: SAME_SITE, multipart: { file: document } });
  assert.equal(stored.status(), 201, await stored.text());
  const { fileId } = (await stored.json()) as { fileId: string };
  const sent = await page.request.post('/api/sendFaxToMany', {
    headers: SAME_SITE,
    data: { recipients: numbers.map((toNumber) => ({ toNumber })), fileId, coverpage: false, pageCount: 1, sendAt },
  });
  assert.equal(sent.status(), 201, await sent.text());
  return ((await sent.json()) as { broadcastId: string }).broadcastId;
}

/** The addresses to open for a route of src/common/routes.ts, or why it is left out. */
function addressesOf(path: string, fixture: Fixture): string[] | { skipped: string } {
  if (path.startsWith('/lp/')) return { skipped: 'a prerendered landing page: no island, no date' };
  switch (path) {
    case '/account_delete/*':
      return { skipped: 'follows an account deletion, which would end this user (account-deletion.test.ts)' };
    case '/broadcast/*':
      return [`/broadcast/${fixture.broadcastId}`];
    case '/faxDetails/*':
      return [`/faxDetails/${fixture.sentFaxId}`, `/faxDetails/${fixture.receivedFaxId}`];
    case '/preview':
      return [`/preview?faxId=${fixture.receivedFaxId}`];
    case '/transaction':
      return ['/transaction?plan=PREMIUM&term=YEAR'];
    default:
      return [path];
  }
}

async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/login', { headers: SAME_SITE, data: { email, password: GOOD_PASSWORD } });
  assert.equal(response.status(), 200, await response.text());
}

/** The zone the `tz` cookie names, or null without one. */
async function timeZoneCookieOf(context: BrowserContext): Promise<string | null> {
  const cookies = await context.cookies(BASE_URL);
  const value = cookies.find((cookie) => cookie.name === 'tz')?.value;
  return value === undefined ? null : decodeURIComponent(value);
}

/** The browser's own name for its zone (Chromium says Asia/Calcutta for Asia/Kolkata). */
async function browserZoneOf(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** Console errors and uncaught errors of `page`, each with the address it was on. */
function collectProblems(page: Page): { problems: string[]; at: (address: string) => void } {
  const problems: string[] = [];
  let current = '';
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${current}: console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${current}: ${error.message}`));
  return { problems, at: (address) => (current = address) };
}

describe(`the signed-in pages in ${ZONE}`, () => {
  const browser = useBrowser({ timezoneId: ZONE });
  let fixture: Fixture;

  before(async () => {
    const page = await browser.newPage();
    const account = await signUp(page, { label: 'time-zone' });
    // Signing up went through /login, whose shell told the server the browser's zone.
    assert.equal(await timeZoneCookieOf(browser.context), await browserZoneOf(page));
    await waitForSendCredits(page, 10);
    const number = await giveOwnNumber(page);
    // Sent to the user's own number: one fax sent and one received.
    const sentFaxId = await sendFaxFrom(page, number, 1);
    const received = await waitForReceived(page);
    const sendAt = nextEveningUtc(Date.now());
    const broadcastId = await scheduleSendToMany(page, [number, '(415) 555-0100'], sendAt);
    fixture = { email: account.email, sentFaxId, receivedFaxId: received.id, receivedStart: received.start, broadcastId, sendAt };
    await page.close();
  });

  it('every one opens without an error, and dates read in the browser’s zone', async () => {
    const page = await browser.newPage();
    await signIn(page, fixture.email);
    const { problems, at } = collectProblems(page);

    const opened: string[] = [];
    // The product's pages; the development pages (the design guide draws its swatches with style
    // attributes the CSP refuses) are not what a customer opens.
    for (const route of ROUTES.filter((rule) => !('dev' in rule))) {
      const addresses = addressesOf(route.path, fixture);
      if (!Array.isArray(addresses)) continue;
      for (const address of addresses) {
        at(address);
        await visit(page, address);
        await page.waitForLoadState('networkidle');
        opened.push(address);
      }
    }
    assert.deepEqual(problems, [], `opened ${opened.join(', ')}`);

    // The server renders the dashboard in the reader's zone: its HTML says when the fax arrived as they read it.
    const local = dateTimeIn(ZONE, fixture.receivedStart);
    assert.notEqual(local, dateTimeIn('UTC', fixture.receivedStart));
    const html = plain(await (await page.request.get('/dashboard')).text());
    assert.ok(html.includes(local), `the dashboard's HTML says the fax came ${local}`);

    // A send scheduled at 19:00 UTC reads as 00:30 the next day in Kolkata.
    await visit(page, '/sent');
    const scheduled = page.locator('td.fax-status').filter({ hasText: 'Scheduled for' }).first();
    await scheduled.waitFor();
    assert.equal(plain((await scheduled.textContent()) ?? ''), `Scheduled for ${listDateIn(ZONE, fixture.sendAt)}`);
    assert.notEqual(new Date(fixture.sendAt).getUTCDate(), Number(/\w+ (\d+),/.exec(dateTimeIn(ZONE, fixture.sendAt))?.[1]));
    assert.deepEqual(problems, []);
  });

  it('a first page without the zone cookie shows the browser’s time after hydration, without an error', async () => {
    const page = await browser.newPage();
    await signIn(page, fixture.email);
    await browser.context.clearCookies({ name: 'tz' });
    const { problems, at } = collectProblems(page);

    at('/dashboard');
    const response = await page.goto('/dashboard');
    assert.ok(response);
    // The server did not know the zone: it rendered in its own.
    assert.ok(plain(await response.text()).includes(dateTimeIn('UTC', fixture.receivedStart)));
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await activity
      .getByRole('link', { name: new RegExp(`^Open the fax from .*, ${escapeRegExp(dateTimeIn(ZONE, fixture.receivedStart))}$`) })
      .waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(problems, []);
    assert.equal(await timeZoneCookieOf(browser.context), await browserZoneOf(page), 'the page told the server the zone for next time');
  });
});
