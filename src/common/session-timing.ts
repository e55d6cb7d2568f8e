// How long the browser trusts what it knows about the session (spec §9): the signed-in user it
// checked with the server (auth token sync, 5 minutes), the account events it was told of (auth
// event cache, 10 minutes), and the locale it remembers (a year).

/** A page that comes back into view checks the session again once what it knows is older than this. */
export const AUTH_SYNC_MAX_AGE_MS = 5 * 60 * 1000;

/** Account events (sign-ins elsewhere, plan changes) stay shown across pages for this long. */
export const AUTH_EVENT_CACHE_MS = 10 * 60 * 1000;

/** The `locale` cookie's lifetime, in seconds. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Whether the session was last confirmed by the server too long ago (or never). */
export function needsAuthSync(lastSyncedAt: number | null, now: number): boolean {
  return lastSyncedAt === null || now - lastSyncedAt >= AUTH_SYNC_MAX_AGE_MS;
}

/** The events told of within the cache's lifetime, newest first as they were kept. */
export function freshEvents<E extends { at: number }>(events: readonly E[], now: number): E[] {
  return events.filter((event) => now - event.at < AUTH_EVENT_CACHE_MS && event.at <= now + 60_000);
}
