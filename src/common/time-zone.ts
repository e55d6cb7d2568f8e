// The time zone a person reads dates and times in (decision 031): their browser's, which
// the app shell remembers in the `tz` cookie so the server renders pages in it too. The server's own
// zone (a Worker's is always UTC) stands in until the cookie is there.

export const TIME_ZONE_COOKIE = 'tz';

/** The zone the server renders in when it does not know the reader's. */
export const SERVER_TIME_ZONE = 'UTC';

/** The `tz` cookie's lifetime, in seconds: a year, as the locale's. */
export const TIME_ZONE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Longer than any IANA name (the longest is about 30 characters). */
export const TIME_ZONE_MAX = 64;

/** True for a time zone this runtime can format in: an IANA name such as America/New_York. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone a `tz` cookie names, or the server's when it is absent, too long or no zone at all. */
export function readTimeZone(cookieValue: string | null | undefined): string {
  if (!cookieValue || cookieValue.length > TIME_ZONE_MAX || !isTimeZone(cookieValue)) return SERVER_TIME_ZONE;
  return cookieValue;
}

/** The zone this runtime lives in: the browser's own (e.g. Asia/Kolkata), or UTC in a Worker. */
export function runtimeTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || SERVER_TIME_ZONE;
}

/** The `document.cookie` assignment that tells the server the browser's zone for the pages it renders next. */
export function timeZoneCookie(timeZone: string, https: boolean): string {
  const secure = https ? '; Secure' : '';
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Max-Age=${TIME_ZONE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}
