import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { ORIGIN } from '../support/client';

// Server-rendered pages carry Astro's own policy (hashes, Google's sources) as a header; the
// Worker's security headers must add to it, never replace it.

const ASTRO_POLICY = "script-src 'self' https://accounts.google.com/gsi/client 'sha256-abc='; style-src 'self';";

async function page(path: string, astroPolicy: string | null): Promise<Response> {
  const app = createApp(() =>
    new Response('<!doctype html><title>page</title>', {
      headers: astroPolicy ? { 'content-type': 'text/html', 'content-security-policy': astroPolicy } : { 'content-type': 'text/html' },
    }),
  );
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(ORIGIN + path), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe('page security headers', () => {
  it("keep Astro's policy and add the Worker's directives to it, as one policy", async () => {
    const response = await page('/dashboard', ASTRO_POLICY);
    expect(response.headers.get('content-security-policy')).toBe(
      "script-src 'self' https://accounts.google.com/gsi/client 'sha256-abc='; style-src 'self'; " +
        "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
    );
  });

  it("use the Worker's directives alone when Astro sent none", async () => {
    const response = await page('/dashboard', null);
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'");
  });

  it("let /login keep a handle on Google's sign-in popup; every other page stays same-origin", async () => {
    expect((await page('/login', ASTRO_POLICY)).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect((await page('/dashboard', ASTRO_POLICY)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect((await page('/dev/google', ASTRO_POLICY)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});
