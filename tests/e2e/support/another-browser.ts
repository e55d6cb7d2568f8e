// A second, separate Chromium for tests about "another device": its own cookies and pages, so it
// can be signed in as the same user as the test's main browser (useBrowser's single context cannot).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { BASE_URL, CHROMIUM_PATH, UI_TIMEOUT_MS } from './browser.ts';

export interface AnotherBrowser {
  readonly context: BrowserContext;
  /** Console errors its pages logged, as "message [at resource-url]". */
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

export async function launchAnotherBrowser(): Promise<AnotherBrowser> {
  const profileDir = await mkdtemp(join(process.env.E2E_TMP_DIR ?? tmpdir(), 'chromium-other-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    env: { ...process.env, XDG_CONFIG_HOME: profileDir },
  });
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', timezoneId: 'UTC' });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(UI_TIMEOUT_MS * 2);
  const consoleErrors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} [at ${message.location().url}]`);
  });
  return {
    context,
    consoleErrors,
    async close() {
      await browser.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
