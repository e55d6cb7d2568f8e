import {
  ATTRIBUTION_SAVED_EVENT,
  ATTRIBUTION_STORAGE_KEY,
  type Attribution,
  type AttributionAnswer,
  needsFreshAttribution,
  nextAttribution,
  toAttributionRecord,
} from '../common/attribution';
import type { BeaconStep, FunnelBeacon } from '../common/funnel';

// Runs on every page load (spec §3, §4; src/components/shell/Attribution.astro): keeps the
// attribution record in localStorage, asks GET /api/attribution when the record is missing or
// stale, and on a signed-in page syncs it to the account. Framework-free, and without zod or the
// typed client, so landing pages can carry it. Failures are only logged (spec §8).
//
// On a landing page it also counts the funnel's first steps (decision 040): the view, and a click
// on its call to action (a link marked data-cta, or styled as the landing button), each a beacon
// to POST /api/funnel with where the visitor came from. No cookie, no third party.
//
// <html data-attribution> says how far it got: `saved`, then `synced` on a signed-in page, or
// `failed` (for the browser tests and debugging); <html data-funnel> `counted` once the view's
// beacon is queued.

function readStored(): Attribution | null {
  const raw = window.localStorage.getItem(ATTRIBUTION_STORAGE_KEY);
  if (raw === null) return null;
  try {
    return toAttributionRecord(JSON.parse(raw));
  } catch {
    return null; // not JSON: start over
  }
}

async function fetchFreshAttribution(): Promise<AttributionAnswer | null> {
  try {
    const response = await fetch('/api/attribution', { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as AttributionAnswer;
  } catch (err) {
    console.warn('Attribution: GET /api/attribution failed', err);
    return null;
  }
}

async function syncToAccount(record: Attribution): Promise<void> {
  const response = await fetch('/api/syncUserAttribution', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(record),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  await response.json(); // read to the end: the account's first and last touch, unused here
}

function sendFunnelStep(step: BeaconStep, record: Attribution): boolean {
  const beacon: FunnelBeacon = { step, source: record.source, campaign: record.campaign, variation: record.variation };
  return navigator.sendBeacon('/api/funnel', new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
}

/** A landing page's view now, and each click on its call to action. */
function countLandingFunnel(record: Attribution): void {
  if (!window.location.pathname.startsWith('/lp/') || typeof navigator.sendBeacon !== 'function') return;
  if (sendFunnelStep('landing_view', record)) document.documentElement.dataset.funnel = 'counted';
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('a[data-cta], a.landing-button')) sendFunnelStep('cta_click', record);
  });
}

/** Updates the stored record for this page load; `signedIn` pages also sync it to the account. */
export async function trackAttribution({ signedIn }: { signedIn: boolean }): Promise<void> {
  const marker = document.documentElement.dataset;
  try {
    const now = new Date();
    const stored = readStored();
    const visit = { stored, search: window.location.search, referrer: document.referrer, now };
    // Counted and kept before anything is awaited, so a quick click on the call to action neither
    // goes uncounted nor leaves the next page without the campaign: where the visitor came from does
    // not depend on the server's answer (and without it, lastActive stays unset, so the next page asks).
    const beforeAnswer = nextAttribution({ ...visit, fresh: null });
    window.localStorage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(beforeAnswer));
    countLandingFunnel(beforeAnswer);
    const fresh = needsFreshAttribution(stored, now) ? await fetchFreshAttribution() : null;
    const record = nextAttribution({ ...visit, fresh });
    window.localStorage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(record));
    marker.attribution = 'saved';
    window.dispatchEvent(new Event(ATTRIBUTION_SAVED_EVENT));
    if (!signedIn) return;
    await syncToAccount(record);
    marker.attribution = 'synced';
  } catch (err) {
    console.warn('Attribution: not kept', err);
    marker.attribution = 'failed';
  }
}
