import { runtimeTimeZone, timeZoneCookie } from '../../common/time-zone';

/**
 * Remembers the browser's time zone in the `tz` cookie (decision 031), on every page load so it
 * follows a reader who travels and lasts a year from the last visit. Every way into a signed-in
 * page passes a page with the shell first (/login, /welcome, /reserveNumber), so the server knows
 * the zone before it renders the first date; the landing pages, which carry no script file and
 * show no date, leave it to those.
 */
export function rememberTimeZone(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain write; the Cookie Store API is missing from older Safari and Firefox
  document.cookie = timeZoneCookie(runtimeTimeZone(), location.protocol === 'https:');
}
