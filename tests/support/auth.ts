import { type CallOptions, call, GOOD_PASSWORD, sessionCookieFrom } from './client';

/** Signs in with a password; answers the response and the new session cookie (or null). */
export async function logIn(
  email: string,
  password = GOOD_PASSWORD,
  options: Omit<CallOptions, 'method' | 'body'> = {},
): Promise<{ response: Response; cookie: string | null }> {
  const response = await call('/api/login', { ...options, method: 'POST', body: { email, password } });
  return { response, cookie: sessionCookieFrom(response) };
}

/** Signs in and insists it worked; answers the new session cookie. */
export async function logInOk(email: string, options: Omit<CallOptions, 'method' | 'body'> = {}): Promise<string> {
  const { response, cookie } = await logIn(email, GOOD_PASSWORD, options);
  if (response.status !== 200 || !cookie) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** The Set-Cookie line for the session cookie, or undefined. */
export function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith('fax_session='));
}

/** True when the response tells the browser to drop the session cookie. */
export function clearsSessionCookie(response: Response): boolean {
  const line = sessionSetCookie(response);
  return line !== undefined && /^fax_session=;/.test(line) && /Max-Age=0/i.test(line);
}

export async function verifyAuthStatus(cookie: string | null): Promise<number> {
  const response = await call('/api/verifyAuth', { method: 'POST', cookie });
  await response.body?.cancel();
  return response.status;
}
