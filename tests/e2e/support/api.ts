// Calls the running server from Node, as another device or browser would: the "elsewhere" in tests
// (a sign-in from another computer, a sign-out from another tab) and factories for accounts.
import { randomUUID } from 'node:crypto';

export const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8791').replace(/\/+$/, '');

export const GOOD_PASSWORD = 'correct horse battery staple';

/** User-Agents of devices other than the test's Chromium, and what the site calls them. */
export const DEVICES = {
  firefoxOnWindows: {
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    described: 'Firefox on Windows',
  },
  safariOnMac: {
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    described: 'Safari on macOS',
  },
} as const;

export interface Account {
  email: string;
  password: string;
  name: string | null;
}

/** A fresh address per call (test files run in separate processes, hence the random part). */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** `name=value` of the session cookie to send. */
  cookie?: string | null;
  userAgent?: string;
}

/** A same-site API call (it carries the site's Origin, as a page of the site would). */
export async function callApi(path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: BASE_URL };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${BASE_URL}/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
}

/** `name=value` of the session cookie a response set, or null. */
export function sessionCookieFrom(response: Response): string | null {
  const pair = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('fax_session='))
    ?.split(';')[0];
  return pair && pair !== 'fax_session=' ? pair : null;
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) {
    throw new Error(`${what}: expected HTTP ${status}, got ${response.status} ${await response.text()}`);
  }
}

/** Factory: a new account made through the API (no browser involved). */
export async function createAccount(options: { name?: string; label?: string } = {}): Promise<Account> {
  const account: Account = { email: uniqueEmail(options.label ?? 'api'), password: GOOD_PASSWORD, name: options.name ?? null };
  const response = await callApi('/signup', {
    method: 'POST',
    body: { email: account.email, password: account.password, ...(account.name ? { displayName: account.name } : {}) },
  });
  await expectStatus(response, 201, `sign-up of ${account.email}`);
  return account;
}

/** Signs the account in from another device; answers that device's session cookie. */
export async function signInElsewhere(account: Pick<Account, 'email' | 'password'>, userAgent: string): Promise<string> {
  const response = await callApi('/login', {
    method: 'POST',
    body: { email: account.email, password: account.password },
    userAgent,
  });
  await expectStatus(response, 200, `sign-in of ${account.email}`);
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error('the sign-in set no session cookie');
  return cookie;
}

/** Ends the session behind this cookie, as signing out in another tab would. */
export async function signOutSession(cookie: string): Promise<void> {
  const response = await callApi('/logout', { method: 'POST', cookie });
  await expectStatus(response, 200, 'sign-out');
}
