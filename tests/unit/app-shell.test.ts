import { describe, expect, it } from 'vitest';
import { isNewBuild, latestBuildId, RELOAD_GUARD_MS, reloadAllowed } from '../../src/lib/shell/build-update-rules';
import { assetsIn, createLimiter, likelyNextPages, MAX_PREFETCH_PAGES, prefetchAllowed } from '../../src/lib/shell/prefetch-rules';

// The app shell's rules (spec §2, §9): which pages are prefetched and when, how many at once, and
// when a new build is offered and a reload allowed.

describe('prefetchAllowed', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ])('%j → %s', (connection, allowed) => {
    expect(prefetchAllowed(connection)).toBe(allowed);
  });
});

describe('likelyNextPages', () => {
  const here = new URL('https://fax.example/dashboard');

  it('keeps built pages of this site in page order, once each, without this page', () => {
    const hrefs = [
      'https://fax.example/dashboard', // this page
      'https://fax.example/send',
      '/sent',
      '/send', // again
      'https://fax.example/faxDetails/abc',
      'https://other.example/send', // another site
      'mailto:support@fax.example',
      '/phonebook',
      '/api/account', // not a page
      '/nope', // no route
      '/', // only redirects
      '/upgrade?plan=PRO',
      '/dashboard#activity', // this page again
    ];
    expect(likelyNextPages(hrefs, here)).toEqual(['/send', '/sent', '/faxDetails/abc', '/phonebook', '/upgrade?plan=PRO']);
  });

  it('skips pages already prefetched and stops at the limit', () => {
    expect(likelyNextPages(['/send', '/sent', '/inbox'], here, new Set(['/sent']))).toEqual(['/send', '/inbox']);
    const many = Array.from({ length: 20 }, (_, index) => `/faxDetails/fax-${index}`);
    expect(likelyNextPages(many, here)).toHaveLength(MAX_PREFETCH_PAGES);
    expect(likelyNextPages(many, here, new Set(), 2)).toEqual(['/faxDetails/fax-0', '/faxDetails/fax-1']);
  });
});

describe('assetsIn', () => {
  it('names the built files a page uses, once each, and nothing else', () => {
    const html = `
      <link rel="stylesheet" href="/_astro/dashboard.Ab12.css">
      <link rel="icon" href="/favicon.svg">
      <script type="module" src="/_astro/page.Cd34.js"></script>
      <astro-island component-url="/_astro/Dashboard.Ef56.js" renderer-url="/_astro/client.Gh78.js" before-hydration-url="/_astro/bh.Ij90.js"></astro-island>
      <astro-island component-url="/_astro/InboxLink.Kl12.js" renderer-url="/_astro/client.Gh78.js"></astro-island>
      <a href="/send">Send</a>
      <img src="https://cdn.example/_astro/x.png">`;
    expect(assetsIn(html, new URL('https://fax.example/dashboard'))).toEqual([
      'https://fax.example/_astro/dashboard.Ab12.css',
      'https://fax.example/_astro/page.Cd34.js',
      'https://fax.example/_astro/Dashboard.Ef56.js',
      'https://fax.example/_astro/client.Gh78.js',
      'https://fax.example/_astro/bh.Ij90.js',
      'https://fax.example/_astro/InboxLink.Kl12.js',
    ]);
  });
});

describe('createLimiter', () => {
  it('never runs more than its limit at once, and runs every task', async () => {
    const limiter = createLimiter(4);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 10 }, (_, index) =>
      limiter.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        finished.push(index);
      }),
    );
    // Let the tasks that may start do so, then end them one by one as they come.
    while (finished.length < 10) {
      await Promise.resolve();
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(tasks);
    expect(most).toBe(4);
    expect(finished.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('carries on after a task that fails', async () => {
    const limiter = createLimiter(1);
    const ran: string[] = [];
    await Promise.all([
      limiter.run(async () => {
        throw new Error('offline');
      }),
      limiter.run(async () => {
        ran.push('second');
      }),
    ]);
    expect(ran).toEqual(['second']);
  });
});

describe('the build-update check', () => {
  it('reads the id of builds/latest.json, and nothing from anything else', () => {
    expect(latestBuildId({ id: '20260101-abc', builtAt: '2026-01-01T00:00:00Z' })).toBe('20260101-abc');
    for (const body of [null, 'abc', {}, { id: '' }, { id: 42 }]) expect(latestBuildId(body)).toBeNull();
  });

  it('offers the update only for another id', () => {
    expect(isNewBuild('a', 'b')).toBe(true);
    expect(isNewBuild('a', 'a')).toBe(false);
    expect(isNewBuild('a', null)).toBe(false);
  });

  it('allows a reload at most once in 10 seconds', () => {
    const now = 1_000_000;
    expect(reloadAllowed(null, now)).toBe(true);
    expect(reloadAllowed(now - 1, now)).toBe(false);
    expect(reloadAllowed(now - RELOAD_GUARD_MS + 1, now)).toBe(false);
    expect(reloadAllowed(now - RELOAD_GUARD_MS, now)).toBe(true);
    expect(reloadAllowed(Number.NaN, now)).toBe(true); // a damaged record guards nothing
    expect(reloadAllowed(now + 60_000, now)).toBe(true); // the clock went back
  });
});
