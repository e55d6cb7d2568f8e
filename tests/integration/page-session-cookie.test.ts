import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { clearsSessionCookie, sessionSetCookie } from '../support/auth';
import { ORIGIN } from '../support/client';
import { insertSessionCookie, insertUser, sessionIdOf, sessionRow, setSessionExpiry } from '../support/db';

// A page (rendered by Astro in the deploy entry; a stand-in renderer here) is answered with the
// cookie changes the session check made: a stale or invalid session cookie is expired on the very
// page that found it, so the browser stops sending it; a session near its end is renewed.

const DAY = 24 * 60 * 60 * 1000;

/** The page as the deploy entry answers it: a Response of its own, made after the viewer was loaded. */
async function openPage(path: string, cookie: string | null, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const app = createApp(() => new Response('<!doctype html><title>page</title>', { headers: { 'content-type': 'text/html' } }));
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { ...extraHeaders };
  if (cookie) headers.cookie = cookie;
  const response = await app.fetch(new Request(ORIGIN + path, { headers }), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function sessionFor(): Promise<string> {
  const user = await insertUser();
  return insertSessionCookie(user.id);
}

/** The session cookies an answer sets (a page also sets the locale cookie, locale-cookie.test.ts). */
const sessionCookies = (response: Response) => response.headers.getSetCookie().filter((c) => c.startsWith('fax_session='));

describe('a page served with a session cookie', () => {
  it.each([
    [
      'an expired session',
      async () => {
        const cookie = await sessionFor();
        await setSessionExpiry(cookie, Date.now() - 1);
        return cookie;
      },
    ],
    [
      'a session that was ended (signed out elsewhere)',
      async () => {
        const cookie = await sessionFor();
        await env.DB.prepare('DELETE FROM sessions WHERE id = ?')
          .bind(await sessionIdOf(cookie))
          .run();
        return cookie;
      },
    ],
    ['a token no session ever had', async () => 'fax_session=not-a-real-token-0123456789abcdef'],
    ['a malformed value', async () => 'fax_session=%%%;;'],
  ])('clears it when it holds %s, on any page', async (_label, makeCookie) => {
    const cookie = await makeCookie();
    for (const path of ['/dashboard', '/upgrade', '/lp/receive-fax', '/nowhere']) {
      const response = await openPage(path, cookie);
      expect(response.status, path).toBe(200);
      expect(clearsSessionCookie(response), `${path} expires the cookie`).toBe(true);
    }
  });

  it('leaves a valid session cookie alone', async () => {
    const cookie = await sessionFor();
    const response = await openPage('/dashboard', cookie);
    expect(sessionSetCookie(response)).toBeUndefined();
  });

  it('renews a session that nears its end, on the page too', async () => {
    const cookie = await sessionFor();
    await setSessionExpiry(cookie, Date.now() + DAY);
    const response = await openPage('/settings', cookie);
    const line = sessionSetCookie(response);
    expect(line).toBeDefined();
    expect(clearsSessionCookie(response)).toBe(false);
    expect(line!.startsWith(`${cookie};`)).toBe(true);
    expect((await sessionRow(cookie))!.expires_at).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('sets nothing when there is no cookie', async () => {
    const response = await openPage('/dashboard', null);
    expect(sessionCookies(response)).toEqual([]);
  });

  // The app shell prefetches the pages likely to come next (decision 021); its answer can arrive after
  // the page changed sessions (a password change), so it must not undo that.
  it.each([
    ['the app shell', { purpose: 'prefetch' }],
    ["the browser's speculation rules", { 'sec-purpose': 'prefetch;prerender' }],
  ])('never sets or clears it in the answer to a prefetch by %s', async (_label, prefetch) => {
    const ended = await sessionFor();
    await env.DB.prepare('DELETE FROM sessions WHERE id = ?')
      .bind(await sessionIdOf(ended))
      .run();
    expect(sessionCookies(await openPage('/dashboard', ended, prefetch))).toEqual([]);

    const nearItsEnd = await sessionFor();
    await setSessionExpiry(nearItsEnd, Date.now() + DAY);
    expect(sessionCookies(await openPage('/settings', nearItsEnd, prefetch))).toEqual([]);
  });
});
