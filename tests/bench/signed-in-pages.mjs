// The signed-in pages on a phone (decision 033): a user with a number, a fax sent, one
// received, one in the trash, a send to many and a contact, then for each page
//   - the API calls one load of it makes before it settles (a list or a fax read twice shows here),
//   - Lighthouse's default mobile run, three runs a page, with the session cookie in the browser's
//     jar: perf and accessibility (lowest of three), LCP and CLS (each run's), and JS bytes, and
//     Lighthouse's desktop run once for accessibility; the audits that failed are named.
// Figures only; nothing passes or fails on them.
//   node tests/bench/signed-in-pages.mjs [--no-lighthouse] [--no-fetches] [base-url] [page …]
// Pages are named by their route (`/inbox`, `/faxDetails`, …); without any, every one is measured.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { SETTINGS_SECTIONS } from '../../src/common/settings-sections.ts';
import { startLocalServer } from '../support/local-server.mjs';
import { accountWithNumber, ok, sendOne, uploadOnePage } from './bench-accounts.mjs';

const RUNS = 3;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Waits until `check` answers true (a fax arriving through the loopback network). */
async function until(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A user whose every page has something to show; answers the session cookie and the pages to
 * open, each with the address it is opened at.
 */
export async function userWithEverything(base) {
  const user = await accountWithNumber(base, 'pages', '212');
  const other = await accountWithNumber(base, 'pages-sender', '212');
  const post = (path, body, headers = user.headers) =>
    fetch(`${base}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => ok(r, path));
  const get = (path) => fetch(`${base}/api${path}`, { headers: user.headers }).then((r) => ok(r, path));

  // Received: the other user faxes this one's number.
  await sendOne(base, other, user.number, await uploadOnePage(base, other.headers));
  const fileId = await uploadOnePage(base, user.headers);
  // Sent: one to a plain number, one to two numbers at once, one that goes to the trash.
  const sent = await post('/sendFax', { toNumber: '+12125550123', fileId, coverpage: false, pageCount: 1, anonymous: false });
  const many = await post('/sendFaxToMany', {
    recipients: [{ toNumber: '+13125550123' }, { toNumber: '+14155550123' }],
    fileId,
    coverpage: false,
    pageCount: 1,
    anonymous: false,
  });
  const trashed = await post('/sendFax', { toNumber: '+16175550123', fileId, coverpage: false, pageCount: 1, anonymous: false });
  await post('/addContact', { name: 'Bench Contact', faxNumber: '+12125550199', company: 'Bench Co' });
  let received = null;
  await until('the fax to the user’s number arriving', async () => {
    const { faxes } = await get('/faxes?direction=RECEIVE');
    received = faxes.find((fax) => fax.status === 'RECEIVED') ?? null;
    return received !== null;
  });
  await until('the sent faxes ending', async () => {
    const { faxes } = await get('/faxes?direction=SEND');
    return faxes.length === 4 && faxes.every((fax) => fax.completed !== null);
  });
  await post('/trashFaxes', { faxIds: [trashed.faxId] });
  return {
    cookie: user.headers.cookie,
    pages: [
      ['/dashboard', '/dashboard'],
      ['/send', '/send'],
      ['/sent', '/sent'],
      ['/inbox', '/inbox'],
      ['/trash', '/trash'],
      ['/phonebook', '/phonebook'],
      ['/settings', '/settings'],
      ...SETTINGS_SECTIONS.filter((section) => section !== 'profile').map((section) => [
        `/settings?section=${section}`,
        `/settings?section=${section}`,
      ]),
      ['/upgrade', '/upgrade'],
      ['/reserveNumber', '/reserveNumber'],
      ['/onboarding', '/onboarding'],
      ['/transaction', '/transaction?plan=PREMIUM&term=YEAR'],
      ['/faxDetails', `/faxDetails/${encodeURIComponent(sent.faxId)}`],
      ['/preview', `/preview?faxId=${encodeURIComponent(received.id)}`],
      ['/broadcast', `/broadcast/${encodeURIComponent(many.broadcastId)}`],
    ],
  };
}

/** The API calls (path and query, WebSocket upgrades left out) one load of each page makes until it settles. */
async function countFetches(base, cookie, pages) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  const rows = [];
  try {
    const context = await browser.newContext({ baseURL: base, timezoneId: 'UTC' });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
    for (const [route, path] of pages) {
      const page = await context.newPage();
      const calls = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/live') calls.push(url.pathname);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      // The live socket opens after verifyAuth; what a store reads once it is connected comes after.
      await page.waitForTimeout(1_500);
      await page.close();
      const counted = new Map();
      for (const call of calls) counted.set(call, (counted.get(call) ?? 0) + 1);
      const list = [...counted].map(([call, n]) => (n > 1 ? `${call} ×${n}` : call)).join(', ');
      rows.push([`API calls loading ${route}`, list || '(none)']);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * Puts the session cookie in the browser's own cookie jar (DevTools protocol, browser target).
 * Lighthouse's `extraHeaders` would carry it on the page's own request only: the page's fetches
 * (verifyAuth) then go without it, are answered 401, and the page leaves for /login mid-run.
 * Lighthouse's storage reset before each run clears caches and storage, never cookies.
 */
async function signInBrowser(port, base, cookie) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const answer = new Promise((resolve) => {
    socket.onmessage = (message) => resolve(JSON.parse(String(message.data)));
  });
  const [name, value] = cookie.split('=');
  socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: [{ name, value, url: base, httpOnly: true }] } }));
  const { error } = await answer;
  socket.close();
  if (error) throw new Error(`the browser refused the session cookie: ${error.message}`);
}

/** Lighthouse's binary audits of a category that did not pass on this run. */
function failedAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
}

async function audit(port, url, { categories = ['performance', 'accessibility'], config } = {}) {
  for (let tries = 1; ; tries++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories }, config);
    if (!lhr.runtimeError) {
      const js = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
      const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      return {
        perf: score('performance'),
        a11y: score('accessibility'),
        a11yFailed: failedAudits(lhr, 'accessibility'),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        jsKb: js ? js.transferSize / 1024 : 0,
        finalUrl: lhr.finalDisplayedUrl,
      };
    }
    if (tries === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
}

async function lighthouseRows(base, cookie, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
  const rows = [];
  try {
    await signInBrowser(chrome.port, base, cookie);
    for (const [route, path] of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, base + path));
      const desktop = await audit(chrome.port, base + path, { categories: ['accessibility'], config: desktopConfig });
      const landed = new URL(runs[0].finalUrl).pathname;
      const a11yFailed = [...new Set([...runs, desktop].flatMap((r) => r.a11yFailed))];
      rows.push([
        `Lighthouse mobile ${route}`,
        `perf ${Math.min(...runs.map((r) => r.perf))} (runs ${runs.map((r) => r.perf).join('/')}) · ` +
          `a11y ${Math.min(...runs.map((r) => r.a11y))}, desktop ${desktop.a11y} · ` +
          `LCP ${runs.map((r) => r.lcp.toFixed(0)).join('/')} ms · CLS ${runs.map((r) => r.cls.toFixed(3)).join('/')} · ` +
          `JS ${runs[0].jsKb.toFixed(0)} KB` +
          (a11yFailed.length ? ` · a11y failed: ${a11yFailed.join(', ')}` : '') +
          (landed !== new URL(base + path).pathname ? ` · ended on ${landed}` : ''),
      ]);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

/**
 * Every signed-in page of a new user with something on each: the API calls of one load, and
 * Lighthouse's three runs (`only`: the routes to measure; `fetches`, `lighthouse`: which figures).
 */
export async function benchSignedInPages(base, { only = [], fetches = true, lighthouse: withLighthouse = true } = {}) {
  const { cookie, pages } = await userWithEverything(base);
  const chosen = only.length ? pages.filter(([route]) => only.includes(route)) : pages;
  const rows = [];
  if (fetches) rows.push(...(await countFetches(base, cookie, chosen)));
  if (withLighthouse) rows.push(...(await lighthouseRows(base, cookie, chosen)));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The simulated fax network at full speed: the setup waits for faxes to arrive and end.
  process.env.LOOPBACK_MS_PER_PAGE ??= '0';
  const args = process.argv.slice(2);
  const given = args.find((a) => /^https?:/.test(a));
  const only = args.filter((a) => a.startsWith('/'));
  const server = given ? null : await startLocalServer({ port: Number(process.env.BENCH_PORT ?? 8797), label: 'signed-in-pages' });
  const base = given ?? server.url;
  try {
    const rows = await benchSignedInPages(base, {
      only,
      fetches: !args.includes('--no-fetches'),
      lighthouse: !args.includes('--no-lighthouse'),
    });
    for (const [name, figure] of rows) console.log(`  ${name.padEnd(40)} ${figure}`);
  } finally {
    await server?.stop();
  }
}
