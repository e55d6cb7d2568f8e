import { describe, expect, it } from 'vitest';
import {
  AUTH_EVENT_CACHE_MS,
  AUTH_SYNC_MAX_AGE_MS,
  freshEvents,
  LOCALE_COOKIE_MAX_AGE_S,
  needsAuthSync,
} from '../../src/common/session-timing';

// Spec §9: auth token sync max age 5 minutes, auth event cache 10 minutes, locale cookie 365 days.

const NOW = 1_800_000_000_000;
const MINUTE = 60_000;

describe('session timing', () => {
  it('has the spec constants', () => {
    expect([AUTH_SYNC_MAX_AGE_MS, AUTH_EVENT_CACHE_MS, LOCALE_COOKIE_MAX_AGE_S]).toEqual([5 * MINUTE, 10 * MINUTE, 365 * 86_400]);
  });

  it.each([
    [null, true],
    [NOW - 4 * MINUTE, false],
    [NOW - 5 * MINUTE, true],
    [NOW - 60 * MINUTE, true],
  ])('a session last confirmed at %s needs confirming again: %s', (at, expected) => {
    expect(needsAuthSync(at, NOW)).toBe(expected);
  });

  it('keeps the events of the last 10 minutes only, in their order', () => {
    const events = [{ at: NOW - MINUTE }, { at: NOW - 9 * MINUTE }, { at: NOW - 10 * MINUTE }, { at: NOW - 60 * MINUTE }];
    expect(freshEvents(events, NOW)).toEqual(events.slice(0, 2));
  });
});
