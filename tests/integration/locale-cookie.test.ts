import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { ORIGIN } from '../support/client';

// Pages remember the reader's locale in a `locale` cookie for 365 days (spec §9); a cookie naming
// a locale this build cannot load is only logged (spec §8) and set back to en-US.

async function page(cookie: string | null, path = '/login'): Promise<Response> {
  const app = createApp(() => new Response('<!doctype html><title>page</title>', { headers: { 'content-type': 'text/html' } }));
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(ORIGIN + path, { headers: cookie ? { cookie } : {} }), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const localeCookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('locale='));

describe('the locale cookie', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is set for a year on a page answered without one', async () => {
    expect(localeCookieOf(await page(null))).toBe('locale=en-US; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is left alone when it already names en-US', async () => {
    expect(localeCookieOf(await page('locale=en-US'))).toBeUndefined();
  });

  it('naming a locale that cannot be loaded is logged, and the page stays in en-US', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await page('locale=fr-FR');
    expect(response.status).toBe(200);
    expect(localeCookieOf(response)).toMatch(/^locale=en-US; Max-Age=31536000/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('fr-FR'));
  });

  it('is never set on an API answer', async () => {
    const app = createApp();
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${ORIGIN}/api/options`), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(localeCookieOf(response)).toBeUndefined();
  });
});
