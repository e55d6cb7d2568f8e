import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { ORIGIN } from '../support/client';

// Server-rendered pages carry Astro's own policy (hashes, Google's sources) as a header; the
// Worker's security headers must add to it, never replace it.

const ASTRO_POLICY = "script-src 'self' https://accounts.google.com/gsi/client 'sha256-abc='; style-src 'self';";

async function page(path: string, astroPolicy: string | null, pageEnv: Env = env): Promise<Response> {
  const app = createApp(
    () =>
      new Response('<!doctype html><title>page</title>', {
        headers: astroPolicy ? { 'content-type': 'text/html', 'content-security-policy': astroPolicy } : { 'content-type': 'text/html' },
      }),
  );
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(ORIGIN + path), pageEnv, ctx);
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

  it("use the Worker's directives alone when Astro sent none, closing every load to other origins", async () => {
    const response = await page('/dashboard', null);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
    );
  });

  it("let /login keep a handle on Google's sign-in popup; every other page stays same-origin", async () => {
    expect((await page('/login', ASTRO_POLICY)).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect((await page('/dashboard', ASTRO_POLICY)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect((await page('/dev/google', ASTRO_POLICY)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('allow Stripe.js, its frames and its API on /transaction only, and only when the processor is Stripe', async () => {
    const astro =
      "default-src 'self';img-src 'self' data: blob:;frame-src 'self' https://accounts.google.com/gsi/;connect-src 'self' https://accounts.google.com/gsi/;" +
      ASTRO_POLICY;
    const policy = async (path: string, processor: string) =>
      (await page(path, astro, { ...env, PAYMENT_PROCESSOR: processor, STRIPE_PUBLISHABLE_KEY: 'pk_test_x' } as Env)).headers.get(
        'content-security-policy',
      )!;
    const stripe = await policy('/transaction', 'stripe');
    expect(stripe).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client 'sha256-abc=' https://js.stripe.com https://*.js.stripe.com;",
    );
    expect(stripe).toContain(
      "frame-src 'self' https://accounts.google.com/gsi/ https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;",
    );
    expect(stripe).toContain("connect-src 'self' https://accounts.google.com/gsi/ https://api.stripe.com;");
    expect(stripe).toContain("img-src 'self' data: blob: https://*.stripe.com;");
    expect(stripe).toMatch(/frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'$/);
    for (const other of [await policy('/dashboard', 'stripe'), await policy('/transaction', 'local')])
      expect(other).not.toContain('stripe.com');
  });
});
