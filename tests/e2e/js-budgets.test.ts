import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SETTINGS_SECTIONS } from '../../src/common/settings-sections.ts';
import { type Audience, visitsOf } from '../bench/page-budgets.mjs';
import { entriesOf, readPageEntries } from '../bench/page-js.mjs';
import { BASE_URL, createAccount, DEVICES, signInElsewhere } from './support/api.ts';

// The JavaScript budgets (tests/bench/js-budgets.mjs, docs/decisions/032) are read from the build
// alone, without a server: which islands a page can show, which only a signed-in person gets, which
// replace one another. This asks the built product itself, as a visitor and signed in, and fails
// when a page names a script file the budget of that visit does not count.

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const NAMED = /(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.m?js)"/g;

/** The script files a page's HTML names, or null when it sends this person elsewhere. */
async function scriptsNamedBy(path: string, cookie: string | null): Promise<string[] | null> {
  const response = await fetch(`${BASE_URL}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200 && !(path === '/404' && response.status === 404)) return null;
  return [...new Set([...html.matchAll(NAMED)].map((match) => match[1] as string))];
}

/** Whether the files are all among what one of the page's visits by `who` counts. */
function countedByOneVisit(page: Awaited<ReturnType<typeof readPageEntries>>[number], who: Audience, named: string[]): boolean {
  return visitsOf(page)
    .filter((visit) => visit.who === who || visit.who === 'anyone')
    .some((visit) => {
      const counted = entriesOf(page, visit.shown);
      return named.every((file) => counted.includes(file));
    });
}

describe('the JavaScript budgets', () => {
  it('count every script file a page names, for a visitor and signed in', async () => {
    const pages = await readPageEntries(DIST);
    const account = await createAccount({ label: 'budgets' });
    const cookie = await signInElsewhere(account, DEVICES.firefoxOnWindows.userAgent);
    let checked = 0;
    for (const page of pages) {
      // A fax, a deletion job or a send to many of the person's own: their islands come from the same layout.
      if (page.route.includes('[')) continue;
      for (const who of ['visitor', 'signedIn'] as const) {
        const named = await scriptsNamedBy(page.route, who === 'signedIn' ? cookie : null);
        if (named === null) continue;
        assert.ok(countedByOneVisit(page, who, named), `${page.route} (${who}) names ${named.join(', ')}: not all counted`);
        checked += 1;
      }
    }
    assert.ok(checked > 20, `${checked} page visits checked`);
  });

  it('count the other alternative of /login: opened from a mailed link, only its sign-in', async () => {
    const [login] = (await readPageEntries(DIST)).filter((page) => page.route === '/login');
    assert.ok(login);
    const named = await scriptsNamedBy(`/login?signInLink=${randomBytes(32).toString('base64url')}`, null);
    assert.ok(named && named.length > 0, 'the page names its island');
    assert.ok(countedByOneVisit(login, 'visitor', named), `/login with a link names ${named.join(', ')}: not all counted`);
  });

  it("count each section of /settings as one alternative: a section names no other section's island", async () => {
    const [settings] = (await readPageEntries(DIST)).filter((page) => page.route === '/settings');
    assert.ok(settings);
    const account = await createAccount({ label: 'budgets-settings' });
    const cookie = await signInElsewhere(account, DEVICES.firefoxOnWindows.userAgent);
    const islandFiles = new Set(settings.islands.map((island) => island.file));
    for (const section of SETTINGS_SECTIONS) {
      const named = await scriptsNamedBy(`/settings?section=${section}`, cookie);
      assert.ok(named && named.length > 0, `/settings?section=${section} names its island`);
      assert.ok(countedByOneVisit(settings, 'signedIn', named), `/settings?section=${section} names ${named.join(', ')}: not all counted`);
      assert.ok(named.filter((file) => islandFiles.has(file)).length >= 1, `/settings?section=${section} names its section's island`);
    }
  });
});
