// One headless Chromium per test file, driven through playwright-core, on a fresh temp profile.
// `useBrowser()` registers the hooks: launch before the suite, and after each test close its pages,
// forget its cookies and fail it on any console error or uncaught page error it did not expect.

import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach } from 'node:test';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { type Account, BASE_URL, GOOD_PASSWORD, uniqueEmail } from './api.ts';

export { BASE_URL } from './api.ts';

// Debian's headless shell of the same Chromium when it is there (decision 055): without the full
// browser's window layer it drove the suite with a third less CPU; the full browser otherwise.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How long a user-visible change may take before a test gives up on it. */
// An upper bound, not an expectation: CI runs these beside the Worker's tests on two cores, where a
// sign-up that takes 1 s alone took over 10 s.
export const UI_TIMEOUT_MS = 20_000;

/** How long a fax may take to be delivered, or to arrive, through the loopback network before a test gives up on it. */
export const FAX_TIMEOUT_MS = 40_000;

/** The time limit of a test that names none (`--test-timeout` in tests/e2e/run.mjs). */
export const TEST_TIMEOUT_MS = 60_000;

/**
 * The time limit of a test that waits for `waits` faxes one after another: each wait's own limit on
 * top of the usual limit for the rest (sign-ups, pages, clicks). Its work sets it, not a quiet
 * machine: beside two busy loops, a test that waited up to 80 s for two faxes met the usual 60 s.
 */
export function limitWaitingForFaxes(waits: number, eachMs = FAX_TIMEOUT_MS): { timeout: number } {
  return { timeout: TEST_TIMEOUT_MS + waits * eachMs };
}

interface PageProblem {
  kind: 'console.error' | 'pageerror';
  text: string;
  pageUrl: string;
}

export interface BrowserFixture {
  /** The persistent context of this file's Chromium (set once the suite has started). */
  readonly context: BrowserContext;
  /** A new tab; it is closed after the test. */
  newPage(): Promise<Page>;
  /**
   * Lets the current test's pages log errors matching one of the patterns (matched against
   * "message [at resource-url]"), e.g. the 401 Chromium logs when a test signs in with a wrong password.
   */
  expectConsoleErrors(...patterns: RegExp[]): void;
}

export interface BrowserOptions {
  /** The IANA time zone the browser lives in (default UTC, the server's). */
  timezoneId?: string;
}

/** Launches Chromium for the enclosing describe() and checks every test's pages for errors. */
export function useBrowser(options: BrowserOptions = {}): BrowserFixture {
  let context: BrowserContext | undefined;
  let profileDir = '';
  let problems: PageProblem[] = [];
  let allowed: RegExp[] = [];

  const record = (problem: PageProblem): void => {
    problems.push(problem);
  };

  before(async () => {
    // Under the runner's own temp dir when there is one, so even a killed run leaves nothing behind.
    profileDir = await mkdtemp(join(process.env.E2E_TMP_DIR ?? tmpdir(), 'chromium-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      // Its crash reporter writes under XDG_CONFIG_HOME; keep that inside the throwaway profile.
      env: { ...process.env, XDG_CONFIG_HOME: profileDir },
      baseURL: BASE_URL,
      locale: 'en-US',
      timezoneId: options.timezoneId ?? 'UTC',
    });
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(UI_TIMEOUT_MS * 2);
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const resource = message.location().url;
      record({
        kind: 'console.error',
        text: resource ? `${message.text()} [at ${resource}]` : message.text(),
        pageUrl: message.page()?.url() ?? '',
      });
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      record({ kind: 'pageerror', text: error.stack ?? error.message, pageUrl: webError.page()?.url() ?? '' });
    });
    // The persistent context opens with a blank tab; tests open their own.
    for (const page of context.pages()) await page.close();
  });

  beforeEach(() => {
    problems = [];
    allowed = [];
  });

  afterEach(async () => {
    if (!context) return;
    // Closing first makes sure every message the pages logged has been delivered.
    await Promise.all(context.pages().map((page) => page.close()));
    await context.clearCookies();
    await context.setOffline(false);
    const unexpected = problems.filter((p) => !allowed.some((pattern) => pattern.test(p.text)));
    problems = [];
    allowed = [];
    if (unexpected.length > 0) {
      throw new Error(
        `The page logged ${unexpected.length} unexpected error(s):\n` +
          unexpected.map((p) => `  ${p.kind} on ${p.pageUrl || '(no page)'}: ${p.text}`).join('\n'),
      );
    }
  });

  after(async () => {
    await context?.close();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  });

  return {
    get context(): BrowserContext {
      if (!context) throw new Error('The browser is not running yet: use it inside a test.');
      return context;
    },
    async newPage(): Promise<Page> {
      if (!context) throw new Error('The browser is not running yet: use it inside a test.');
      return context.newPage();
    },
    expectConsoleErrors(...patterns: RegExp[]): void {
      allowed.push(...patterns);
    },
  };
}

/** Waits until every Astro island on the page has hydrated (their `ssr` attribute is removed). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}

/** Opens a page of the site and waits for its interactive parts. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Holds back every request of `page` to `url` (a glob) until the answer is called: an event, not a
 * delay, so the test does what it does meanwhile however slow the machine, then lets them go.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The path and query the page is on, e.g. `/login?redirect=%2Fdashboard`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the page is on exactly this path and query (on the page's own origin). */
export async function waitForPath(page: Page, pathWithQuery: string, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname + url.search === pathWithQuery, { timeout });
  } catch (err) {
    // Where the page is instead, and whether it is still loading: a failure on a busy CI machine
    // says which of the two it was (never left, or arrived and never finished loading).
    const described = page
      .evaluate(() => `${document.readyState}, saying: ${document.querySelector('[role=alert]')?.textContent ?? 'no alert'}`)
      .catch(() => 'unknown');
    const state = await Promise.race([described, new Promise<string>((resolve) => setTimeout(resolve, 2_000, 'not answering'))]);
    throw new Error(`${(err as Error).message}\nThe page is at ${pathOf(page)} (${state}).`);
  }
}

/**
 * Opens `path` from the current page as a link would, and waits until the page has really been
 * there and then left it for `returnPath`. Waiting for `returnPath` alone would pass at once when
 * that is where the page starts, while the navigation it began is still under way (and would
 * abort the test's next one).
 */
export async function openAndExpectReturn(page: Page, path: string, returnPath: string, timeout = UI_TIMEOUT_MS): Promise<void> {
  const arrived = page.waitForURL((url) => url.pathname + url.search === path, { waitUntil: 'commit', timeout });
  await page.evaluate((target) => window.location.assign(target), path);
  await arrived;
  await waitForPath(page, returnPath, timeout);
}

/**
 * The live indicator in the given state. A working connection shows nothing (only a broken one is
 * said, "Reconnecting…"), so "Connected" is its `data-live` state, and the locator is the page's
 * body while the indicator is in it: the empty indicator itself is never visible, so waiting for
 * it to be would never end. Any other state is what the indicator says.
 */
export function liveIndicator(page: Page, state: string | RegExp): Locator {
  if (state === 'Connected') return page.locator('body:has(.live-indicator[data-live="connected"])');
  const text = typeof state === 'string' ? new RegExp(`(^|:\\s*)${escapeRegExp(state)}$`) : state;
  return page.getByRole('status').filter({ hasText: text });
}

/** Opens the account menu (the avatar button of the sidebar, or of the phone's top bar). */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Account menu' }).filter({ visible: true }).click();
  const menu = page.locator('#account-menu');
  await menu.waitFor();
  return menu;
}

/**
 * Signs out from the account menu, as a person does, once the page's first calls (new-user setup,
 * the live connection's handshake) have finished: one still on its way when the session ends is
 * refused, which Chromium logs as an error (a busy machine's CI met it after a sign-in).
 */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const menu = await openAccountMenu(page);
  await menu.getByRole('button', { name: 'Sign out' }).click();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A new user, signed in in this page's browser and on the dashboard: the sign-up and new-user
 * setup the sign-up form and /welcome make, called through the page's own request context (its
 * cookies are the page's), as most tests need a fresh account rather than the form that makes it.
 * The form itself is walked by auth-flow, onboarding, the buyer's path and attribution's tests
 * (signUpThroughUi). `origin` lets a test go through another address of the same server (a proxy).
 */
export async function signUp(page: Page, options: { name?: string; label?: string; origin?: string } = {}): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(options.label ?? 'ui'),
    password: GOOD_PASSWORD,
    name: options.name ?? null,
  };
  const origin = options.origin ?? BASE_URL;
  const headers = { origin };
  const post = () =>
    page.request.post(`${origin}/api/signup`, {
      headers,
      data: { email: account.email, password: account.password, ...(account.name ? { displayName: account.name } : {}) },
    });
  // The first request of a new page may go out on a kept-alive connection the server closes at
  // that moment (socket hang up, nothing in the server's log: seen once in CI); the server never
  // read it, so it is sent again, as a browser does, under a new address to be sure.
  const signedUp = await post().catch(async (error: Error) => {
    if (!/ECONNRESET|socket hang up/.test(error.message)) throw error;
    account.email = uniqueEmail(options.label ?? 'ui');
    return post();
  });
  if (signedUp.status() !== 201) throw new Error(`sign-up of ${account.email}: ${signedUp.status()} ${await signedUp.text()}`);
  const setUp = await page.request.post(`${origin}/api/setupNewUser`, { headers, data: { attribution: null } });
  if (!setUp.ok()) throw new Error(`new-user setup of ${account.email}: ${setUp.status()} ${await setUp.text()}`);
  await visit(page, `${options.origin ?? ''}/dashboard`);
  return account;
}

/**
 * Answers once this page's new-user setup (which /welcome runs) has answered; call it before the
 * sign-up. A test that moves on sooner leaves it in flight: the next page runs it again, and a
 * sign-out meanwhile has it refused (a 401 the page logs).
 */
export async function newUserSetUp(page: Page): Promise<void> {
  const response = await page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/setupNewUser');
  await response.finished();
}

/**
 * Signs up through the sign-up form with a fresh e-mail, as a new user would, waits for the
 * welcome sign-up leads to and its new-user setup, and opens the dashboard from there (the
 * first-run path stays open, as for a user who has not chosen yet).
 */
export async function signUpThroughUi(page: Page, options: { name?: string; label?: string } = {}): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(options.label ?? 'ui'),
    password: GOOD_PASSWORD,
    name: options.name ?? null,
  };
  await visit(page, '/login?mode=signup');
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  if (account.name) await page.getByLabel('Your name (optional)').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const setUp = newUserSetUp(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await waitForPath(page, '/welcome');
  await setUp;
  await visit(page, '/dashboard');
  return account;
}

/**
 * Follows the newest "confirm your e-mail" link the local outbox holds for `email`, as the user
 * would from their mail, and waits for the dashboard to say so. Until then an account may send 3 faxes.
 */
export async function confirmEmailFromOutbox(page: Page, email: string): Promise<void> {
  await visit(page, `/dev/outbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('heading', { name: 'Confirm your e-mail address for FaxFlow' }).first().waitFor();
  await page
    .getByRole('link', { name: /\/dashboard\?verifyEmail=/ })
    .first()
    .click();
  await page.getByText('Your e-mail address is confirmed.').waitFor();
}

/**
 * Signs in through the form that is already open on `page`. A browser that never signed in meets
 * sign-up first (decision 039): it turns to sign-in, as a person who has an account would.
 */
export async function fillSignInForm(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const heading = page.getByRole('heading', { name: /^(Sign in to your account|Create your account)$/ });
  if ((await heading.textContent()) === 'Create your account') {
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
  }
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The value of the session cookie the browser holds for the site, or null. */
export async function sessionCookieOf(context: BrowserContext): Promise<string | null> {
  const cookies = await context.cookies(BASE_URL);
  const session = cookies.find((c) => c.name === 'fax_session' && c.value !== '');
  return session ? `${session.name}=${session.value}` : null;
}

// ---- accessibility ------------------------------------------------------------------------------

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * Runs axe-core on the page as it is now and throws, listing them, when it finds violations of
 * impact "serious" or "critical" (with `everyImpact`, of any impact: the landing pages are held to
 * Lighthouse's accessibility 100, which fails on a "moderate" one such as heading-order). The script
 * is evaluated through the DevTools protocol, so the page's Content-Security-Policy stays in force
 * (an injected <script> tag would be blocked by it).
 */
export async function assertNoSeriousAxeViolations(page: Page, { everyImpact = false } = {}): Promise<void> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const serious = everyImpact ? violations : violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    throw new Error(
      `axe found ${serious.length} ${everyImpact ? '' : 'serious/critical '}violation(s) on ${pathOf(page)}:\n` +
        serious
          .map(
            (v) =>
              `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
              v.nodes.map((n) => `      ${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`).join('\n'),
          )
          .join('\n'),
    );
  }
}

/** Chromium logs a failed sign-in call as a console error; only the tests that cause one allow it. */
export const LOGIN_401 = /status of 401 .*\[at .*\/api\/login\]$/;
