import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoSeriousAxeViolations, BASE_URL, liveIndicator, signUp, useBrowser, visit, waitForHydration } from './support/browser.ts';

// Chromium reports a document answered with 404 as a failed resource load.
const DOCUMENT_404 = /status of 404 .*\[at .*\/nope\/deeper\]$/;

/** `headers`: lower-case names, as Playwright's response.headers() and Node's Headers give them. */
function assertSecurityHeaders(headers: Record<string, string>): void {
  const csp = headers['content-security-policy'] ?? '';
  assert.match(csp, /(^|;)\s*frame-ancestors 'none'\s*(;|$)/, `Content-Security-Policy: ${csp}`);
  assert.match(csp, /(^|;)\s*default-src '(self|none)'\s*(;|$)/, `Content-Security-Policy: ${csp}`);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  const hsts = headers['strict-transport-security'] ?? '';
  const maxAge = Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? NaN);
  assert.ok(maxAge >= 31_536_000, `Strict-Transport-Security: ${hsts}`);
}

/** The accessible name of the focused element, as a screen reader would announce it (roughly). */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(body)';
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return `${el.tagName.toLowerCase()}: ${labels[0]!.textContent?.trim()}`;
    return `${el.tagName.toLowerCase()}: ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`;
  });
}

describe('pages', () => {
  const browser = useBrowser();

  describe('the 404 page', () => {
    it('answers 404 and says which page is missing, with a way back', async () => {
      browser.expectConsoleErrors(DOCUMENT_404);
      const page = await browser.newPage();
      const response = await page.goto('/nope/deeper');
      assert.ok(response);
      assert.equal(response.status(), 404);
      assertSecurityHeaders(response.headers());

      await page.getByText('404', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page.getByText('Page not found: /nope/deeper', { exact: true }).waitFor();
      const back = page.getByRole('link', { name: 'Back to Dashboard' });
      assert.equal(await back.getAttribute('href'), '/dashboard');
    });
  });

  describe('security headers', () => {
    it('come with every kind of answer: page, redirect, 404, API', async () => {
      for (const path of ['/login', '/', '/nope/deeper', '/api/checkIfEmailExists?email=nobody%40example.com']) {
        const response = await fetch(BASE_URL + path, { redirect: 'manual' });
        await response.body?.cancel();
        assertSecurityHeaders(Object.fromEntries(response.headers));
      }
    });
  });

  describe('accessibility', () => {
    it('the sign-in and sign-up forms have no serious axe violations', async () => {
      const page = await browser.newPage();
      await visit(page, '/login?mode=signin');
      await assertNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'New here? Create an account' }).click();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await assertNoSeriousAxeViolations(page);
    });

    it('the 404 page has no serious axe violations', async () => {
      browser.expectConsoleErrors(DOCUMENT_404);
      const page = await browser.newPage();
      await visit(page, '/nope/deeper');
      await page.getByText('Page not found: /nope/deeper', { exact: true }).waitFor();
      await assertNoSeriousAxeViolations(page);
    });

    it('the dashboard has no serious axe violations', async () => {
      const page = await browser.newPage();
      await signUp(page, { name: 'Axe Tester', label: 'axe' });
      await waitForHydration(page);
      await liveIndicator(page, 'Connected').waitFor();
      await assertNoSeriousAxeViolations(page);
    });

    it('Tab walks the sign-in page in reading order', async () => {
      const page = await browser.newPage();
      await visit(page, '/login?mode=signin');
      // The passkey button's code loads after the form's.
      await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
      const expected = [
        'a: Skip to content',
        'a: FaxFlow',
        'input: E-mail',
        'input: Password',
        'button: Sign in',
        'button: Sign in with a passkey',
        'button: New here? Create an account',
      ];
      const seen: string[] = [];
      for (let i = 0; i < expected.length; i++) {
        await page.keyboard.press('Tab');
        seen.push(await focusedName(page));
      }
      assert.deepEqual(seen, expected);

      // The skip link really skips: it moves focus into the main content.
      await visit(page, '/login?mode=signin');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    });
  });
});
