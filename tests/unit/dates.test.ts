import { describe, expect, it } from 'vitest';
import { readTimeZone, SERVER_TIME_ZONE, TIME_ZONE_COOKIE_MAX_AGE_S, timeZoneCookie } from '../../src/common/time-zone';
import { formatBillingDay, formatDate, formatDateTime, formatListDate, formatShortListDate, formatTime } from '../../src/i18n/dates';

// Decision 031: the reader's time zone reaches the server in the `tz` cookie, and one module words
// every date in it, the same on the server (this runtime is the Worker's) and in the browser.

/** 19:00 UTC on 5 January 2026: already the 6th in Kolkata, still the 5th in Los Angeles. */
const EVENING_UTC = Date.UTC(2026, 0, 5, 19, 0);

describe('the time zone cookie', () => {
  it.each([
    ['America/Los_Angeles', 'America/Los_Angeles'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    // Chromium's name for Kolkata: kept as the browser wrote it, so its zone and the server's match exactly.
    ['Asia/Calcutta', 'Asia/Calcutta'],
    ['UTC', 'UTC'],
    [undefined, SERVER_TIME_ZONE],
    [null, SERVER_TIME_ZONE],
    ['', SERVER_TIME_ZONE],
    ['Mars/Olympus_Mons', SERVER_TIME_ZONE],
    ['<script>', SERVER_TIME_ZONE],
    [`America/${'x'.repeat(100)}`, SERVER_TIME_ZONE],
  ])('%j is read as %s', (cookie, zone) => {
    expect(readTimeZone(cookie)).toBe(zone);
  });

  it('is written for a year, for every page, and Secure over HTTPS', () => {
    expect(timeZoneCookie('America/Los_Angeles', false)).toBe(
      `tz=America%2FLos_Angeles; Max-Age=${TIME_ZONE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`,
    );
    expect(timeZoneCookie('UTC', true)).toMatch(/; Secure$/);
    expect(TIME_ZONE_COOKIE_MAX_AGE_S).toBe(365 * 86_400);
  });
});

describe('dates in the reader’s zone', () => {
  it.each([
    ['UTC', 'Jan 5, 2026, 7:00 PM', '7:00 PM'],
    ['Asia/Kolkata', 'Jan 6, 2026, 12:30 AM', '12:30 AM'],
    ['America/Los_Angeles', 'Jan 5, 2026, 11:00 AM', '11:00 AM'],
  ])('in %s, 19:00 UTC reads %s', (zone, dateTime, time) => {
    expect(formatDateTime(EVENING_UTC, zone)).toBe(dateTime);
    expect(formatTime(EVENING_UTC, zone)).toBe(time);
  });

  it('writes every space as a plain one, whatever the runtime’s ICU puts before AM/PM', () => {
    expect(formatDate(EVENING_UTC, 'dateTime', 'UTC')).not.toMatch(/[^\S ]/);
    expect(formatDate(EVENING_UTC, 'day', 'Asia/Kolkata')).toBe('Jan 6, 2026');
  });

  it('words a list’s dates short: the year only before this one, the time alone today on a phone', () => {
    const laterThatYear = Date.UTC(2026, 5, 1, 12, 0);
    expect(formatListDate(EVENING_UTC, 'UTC', laterThatYear)).toBe('Jan 5, 7:00 PM');
    expect(formatListDate(EVENING_UTC, 'UTC', Date.UTC(2027, 0, 2))).toBe('Jan 5, 2026');
    expect(formatShortListDate(EVENING_UTC, 'UTC', EVENING_UTC + 60_000)).toBe('7:00 PM');
    expect(formatShortListDate(EVENING_UTC, 'UTC', laterThatYear)).toBe('Jan 5');
    expect(formatShortListDate(EVENING_UTC, 'UTC', Date.UTC(2027, 0, 2))).toBe('Jan 5, 2026');
    // Today is the reader's day: 19:00 UTC is already tomorrow in Kolkata.
    expect(formatShortListDate(EVENING_UTC, 'Asia/Kolkata', Date.UTC(2026, 0, 5, 12, 0))).toBe('Jan 6');
  });

  it('words a plan’s days in UTC, wherever the reader is (decision 017)', () => {
    expect(formatBillingDay(EVENING_UTC)).toBe('Jan 5, 2026');
  });
});
