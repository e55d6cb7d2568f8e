// Spec §2/§7/§9: a page polls builds/latest.json and offers a reload when its id differs from the
// build the page came from; a reload happens at most once in 10 seconds (the reload guard), so a
// page that still comes back old (a cache on the way) never reloads in a loop. No DOM here.

/** Spec §9 leaves the interval open: a few minutes, plus every time the tab comes back into view. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
/** Spec §9: the reload guard's lifetime. */
export const RELOAD_GUARD_MS = 10_000;

/** The id builds/latest.json names, or null for an answer that is not one (then nothing happens). */
export function latestBuildId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** True when the latest build is not the one this page came from. */
export function isNewBuild(current: string, latest: string | null): boolean {
  return latest !== null && latest !== current;
}

/** True unless the page reloaded less than RELOAD_GUARD_MS ago (`lastReloadAt`, ms since epoch, or null). */
export function reloadAllowed(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}
