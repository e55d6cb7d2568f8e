import {
  assetsIn,
  type ConnectionInfo,
  createLimiter,
  likelyNextPages,
  PREFETCH_CONCURRENCY,
  PREFETCH_DELAY_MS,
  prefetchAllowed,
} from './prefetch-rules';

// Spec §2: pages likely to come next are prefetched one second after load, unless the connection
// is slow-2g, at most 4 requests at once. A signed-in page is never stored by the browser
// (Cache-Control: no-store), so what makes the next page faster is its built files: the page is
// read once to learn which islands, scripts and stylesheets it uses, and those not on this page
// are fetched into the cache (they are immutable: public/_headers). Pages already prefetched in
// this tab for this build are not read again; the record is the user's (cleared at sign-out).
//
// <html data-prefetch> says where it stands: waiting, off (slow connection), running, done.

const RECORD_KEY = 'faxflow.user.prefetched';
/** Marks our requests, for the server's logs and the browser tests. */
const PURPOSE = { Purpose: 'prefetch' };

interface PrefetchRecord {
  build: string;
  pages: string[];
}

function readRecord(build: string): Set<string> {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(RECORD_KEY) ?? 'null') as PrefetchRecord | null;
    return new Set(stored?.build === build ? stored.pages : []);
  } catch {
    return new Set();
  }
}

function writeRecord(build: string, pages: Set<string>): void {
  try {
    window.sessionStorage.setItem(RECORD_KEY, JSON.stringify({ build, pages: [...pages] } satisfies PrefetchRecord));
  } catch {
    // Storage refused: the next page prefetches again, nothing worse.
  }
}

function setState(state: 'waiting' | 'off' | 'running' | 'done'): void {
  document.documentElement.dataset.prefetch = state;
}

/** Everything this page has loaded already: no need to fetch it again. */
function loadedHere(): Set<string> {
  return new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
}

async function prefetchAll(build: string): Promise<void> {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  if (!prefetchAllowed(connection)) return setState('off');
  setState('running');
  const done = readRecord(build);
  const here = new URL(window.location.href);
  const hrefs = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((a) => !a.hasAttribute('download')).map((a) => a.href);
  const pages = likelyNextPages(hrefs, here, done);
  const limiter = createLimiter(PREFETCH_CONCURRENCY);
  const known = loadedHere();

  const prefetchAsset = async (url: string): Promise<void> => {
    const response = await fetch(url, { headers: PURPOSE });
    await response.arrayBuffer();
  };
  const prefetchPage = async (page: string): Promise<string[]> => {
    // A redirect (a page the user may not open) is not followed: nothing of it is worth having.
    const response = await fetch(page, { headers: PURPOSE, redirect: 'manual' });
    const isPage = response.ok && (response.headers.get('content-type') ?? '').includes('text/html');
    const html = isPage ? await response.text() : '';
    if (!isPage) await response.body?.cancel().catch(() => undefined);
    done.add(page);
    return assetsIn(html, here).filter((asset) => !known.has(asset));
  };

  const assetTasks: Promise<void>[] = [];
  await Promise.all(
    pages.map((page) =>
      limiter.run(async () => {
        const assets = await prefetchPage(page);
        for (const asset of assets) {
          known.add(asset);
          assetTasks.push(limiter.run(() => prefetchAsset(asset)));
        }
      }),
    ),
  );
  await Promise.all(assetTasks);
  writeRecord(build, done);
  setState('done');
}

/** Starts the prefetch one second after the page has loaded. */
export function startPrefetching(build: string): void {
  setState('waiting');
  const later = (): void => {
    setTimeout(() => void prefetchAll(build).catch(() => setState('done')), PREFETCH_DELAY_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
