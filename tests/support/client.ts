import { exports } from 'cloudflare:workers';

// Calls the Worker as a browser on this site would: same origin, JSON, cookie carried by hand.
export const ORIGIN = 'http://localhost:8787';

export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string | null;
  headers?: Record<string, string>;
}

function randomIp(): string {
  const octet = (): number => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  // Each call comes from its own address unless a test says otherwise, so abuse limits per IP only
  // bite in the tests that are about them.
  const headers = new Headers({ origin: ORIGIN, 'cf-connecting-ip': randomIp(), ...options.headers });
  if (options.cookie) headers.set('cookie', options.cookie);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return exports.default.fetch(new Request(ORIGIN + path, { method: options.method ?? 'GET', headers, body }));
}

/** `name=value` of the session cookie a response set, or null. */
export function sessionCookieFrom(response: Response): string | null {
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('fax_session='));
  const pair = setCookie?.split(';')[0];
  return pair && pair !== 'fax_session=' ? pair : null;
}

let counter = 0;

/** A fresh address per call, so tests never share accounts. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const GOOD_PASSWORD = 'correct horse battery staple';

/** Signs up a new user; answers their cookie and id. */
export async function signUp(email = uniqueEmail(), displayName?: string): Promise<{ cookie: string; userId: string; email: string }> {
  const response = await call('/api/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD, displayName } });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error('sign-up set no session cookie');
  return { cookie, userId: user.id, email };
}

export async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { error?: { code?: string } };
  return body.error?.code;
}
