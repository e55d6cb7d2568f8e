// Screenshots of the style guide's sections (/dev/design) in light and dark, for docs/design.md.
// Run against a running local server (npm start, dev tools on):
//   npx node scripts/design-screenshots.ts [http://localhost:8787]
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8787';
const out = join(import.meta.dirname, '../docs/design');
const SECTIONS = ['colours', 'type', 'buttons', 'fields', 'pills', 'banners', 'table', 'surfaces'];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const theme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1, colorScheme: theme });
    await page.goto(`${base}/dev/design`);
    await page.evaluate(() => document.fonts.ready);
    for (const id of SECTIONS) {
      await page.locator(`#${id}`).screenshot({ path: join(out, `${id}-${theme}.png`) });
    }
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`Wrote ${SECTIONS.length * 2} screenshots to ${out}`);
