import { BUILD_POLL_INTERVAL_MS, isNewBuild, latestBuildId, reloadAllowed } from './build-update-rules';

// Polls builds/latest.json (with a timestamp query, past any cache) every few minutes and whenever
// the tab comes back into view; a new build's id shows the update offer (#update-offer, rendered
// hidden by src/components/shell/AppShell.astro). Its button reloads, guarded: the time of the
// last reload is kept in sessionStorage, and within 10 s of it neither the offer nor a reload
// happens again. A failed poll is only skipped: the next one tries again.
//
// <html data-build-checks> counts finished polls (for the browser tests and debugging).

const GUARD_KEY = 'faxflow.shell.reloadAt';

function lastReloadAt(): number | null {
  try {
    const stored = window.sessionStorage.getItem(GUARD_KEY);
    return stored === null ? null : Number(stored);
  } catch {
    return null;
  }
}

/** Reloads the page unless it reloaded less than 10 s ago; answers whether it did. */
export function reloadWithGuard(now = Date.now()): boolean {
  if (!reloadAllowed(lastReloadAt(), now)) return false;
  try {
    window.sessionStorage.setItem(GUARD_KEY, String(now));
  } catch {
    // Without storage there is no guard to keep; the reload is still the user's own click.
  }
  window.location.reload();
  return true;
}

function showOffer(): void {
  const offer = document.getElementById('update-offer');
  const body = offer?.querySelector<HTMLElement>('[data-update-offer-body]');
  if (!offer || !body?.hidden) return;
  body.hidden = false;
  offer.querySelector('button')?.addEventListener('click', () => reloadWithGuard());
}

function countCheck(): void {
  const html = document.documentElement;
  html.dataset.buildChecks = String(Number(html.dataset.buildChecks ?? '0') + 1);
}

/** Starts watching for a new build; `current` is the id of the build this page came from. */
export function startBuildUpdateCheck(current: string): void {
  if (current === 'dev') return; // `astro dev` has no build to compare with
  let checking = false;
  const check = async (): Promise<void> => {
    if (checking) return;
    checking = true;
    try {
      const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
      const latest = response.ok ? latestBuildId(await response.json().catch(() => null)) : null;
      if (isNewBuild(current, latest) && reloadAllowed(lastReloadAt(), Date.now())) showOffer();
    } catch {
      // Offline or the server is away: the next poll tries again.
    } finally {
      checking = false;
      countCheck();
    }
  };
  setInterval(() => void check(), BUILD_POLL_INTERVAL_MS);
  window.addEventListener('focus', () => void check());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
}
