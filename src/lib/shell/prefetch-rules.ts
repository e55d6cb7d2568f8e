import { findRoute, isRouteBuilt } from '../../common/routes';

// Which pages to prefetch, and what of them (spec §2, §9). No DOM here: the glue is prefetch.ts.

/** Spec §2: one second after load. */
export const PREFETCH_DELAY_MS = 1_000;
/** Spec §9: at most 4 route preloads at once. */
export const PREFETCH_CONCURRENCY = 4;
/** Pages prefetched from one page at most: each one costs the server a render. */
export const MAX_PREFETCH_PAGES = 8;

/** What the browser says of its connection (navigator.connection; absent in some browsers). */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** Spec §2: never on a slow-2g connection; nor when the user asked to save data. */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  return connection.effectiveType !== 'slow-2g' && connection.saveData !== true;
}

/**
 * The pages the links on this page lead to, in page order, at most `max`: on this site, a built
 * route (findRoute), not this page, not one already prefetched (`done`, paths with their query).
 */
export function likelyNextPages(
  hrefs: readonly string[],
  here: URL,
  done: ReadonlySet<string> = new Set(),
  max = MAX_PREFETCH_PAGES,
): string[] {
  const pages: string[] = [];
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href, here);
    } catch {
      continue;
    }
    const page = url.pathname + url.search;
    if (url.origin !== here.origin || page === here.pathname + here.search) continue;
    if (!isRouteBuilt(url.pathname) || findRoute(url.pathname)?.path === '/') continue; // `/` only redirects
    if (done.has(page) || pages.includes(page)) continue;
    pages.push(page);
    if (pages.length >= max) break;
  }
  return pages;
}

// The attributes a page names its built files in: islands (component, renderer, before-hydration
// scripts), stylesheets and module scripts.
const ASSET_ATTRIBUTE = /\b(?:component-url|renderer-url|before-hydration-url|href|src)="([^"]+)"/g;

/** The built files (/_astro/…) a page's HTML names, resolved against `base`, each once, in order. */
export function assetsIn(html: string, base: URL): string[] {
  const assets: string[] = [];
  for (const match of html.matchAll(ASSET_ATTRIBUTE)) {
    let url: URL;
    try {
      url = new URL(match[1]!.replaceAll('&amp;', '&'), base);
    } catch {
      continue;
    }
    if (url.origin !== base.origin || !url.pathname.startsWith('/_astro/')) continue;
    if (!assets.includes(url.href)) assets.push(url.href);
  }
  return assets;
}

/** Runs tasks with at most `limit` under way at once; `run` answers when its task has ended. */
export function createLimiter(limit: number): { run(task: () => Promise<void>): Promise<void> } {
  let active = 0;
  const waiting: Array<() => void> = [];
  const next = (): void => {
    if (active >= limit) return;
    const start = waiting.shift();
    if (start) start();
  };
  return {
    run(task) {
      return new Promise<void>((resolve) => {
        waiting.push(() => {
          active += 1;
          task()
            .catch(() => undefined)
            .finally(() => {
              active -= 1;
              resolve();
              next();
            });
        });
        next();
      });
    },
  };
}
