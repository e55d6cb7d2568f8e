import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, secondsUntilReset, windowStart } from '../../worker/domain/rate-limits';

const MINUTE = 60_000;

describe('RATE_LIMITS', () => {
  it.each([
    ['login-ip', 30, 10 * MINUTE],
    ['login-failure-account-ip', 10, 15 * MINUTE],
    ['login-failure-account', 100, 60 * MINUTE],
    ['signup-ip', 10, 60 * MINUTE],
    ['recovery-ip', 10, 60 * MINUTE],
    ['recovery-account', 3, 60 * MINUTE],
    ['sign-in-link-ip', 10, 60 * MINUTE],
    ['sign-in-link-account', 3, 60 * MINUTE],
    ['email-check-ip', 30, 10 * MINUTE],
    ['password-check-account', 10, 15 * MINUTE],
  ] as const)('%s allows %i attempts per window of %i ms', (name, limit, windowMs) => {
    expect(RATE_LIMITS[name]).toEqual({ limit, windowMs });
  });
});

describe('windowStart', () => {
  it.each([
    [0, 10 * MINUTE, 0],
    [1, 10 * MINUTE, 0],
    [10 * MINUTE - 1, 10 * MINUTE, 0],
    [10 * MINUTE, 10 * MINUTE, 10 * MINUTE],
    [10 * MINUTE + 1, 10 * MINUTE, 10 * MINUTE],
    [1_700_000_123_456, 10 * MINUTE, 1_699_999_800_000],
    [1_700_000_123_456, 15 * MINUTE, 1_700_000_100_000],
    [1_700_000_123_456, 60 * MINUTE, 1_699_999_200_000],
  ])('windowStart(%i, %i) = %i', (now, windowMs, expected) => {
    expect(windowStart(now, windowMs)).toBe(expected);
  });

  it('puts every moment in the window that contains it, aligned to the window length', () => {
    for (const windowMs of [10 * MINUTE, 15 * MINUTE, 60 * MINUTE]) {
      for (let i = 0; i < 200; i++) {
        const now = Math.floor(Math.random() * 4_000_000_000_000);
        const start = windowStart(now, windowMs);
        expect(start % windowMs).toBe(0);
        expect(start).toBeLessThanOrEqual(now);
        expect(now).toBeLessThan(start + windowMs);
      }
    }
  });

  it('gives two moments of the same window the same start, and the next window another', () => {
    const start = windowStart(1_700_000_123_456, 15 * MINUTE);
    expect(windowStart(start + 15 * MINUTE - 1, 15 * MINUTE)).toBe(start);
    expect(windowStart(start + 15 * MINUTE, 15 * MINUTE)).toBe(start + 15 * MINUTE);
  });
});

describe('secondsUntilReset', () => {
  it.each([
    ['at the start of a 10-minute window', 0, 10 * MINUTE, 0, 600],
    ['1 ms in', 0, 10 * MINUTE, 1, 600],
    ['1 s in', 0, 10 * MINUTE, 1_000, 599],
    ['1.5 s before the end (rounds up)', 0, 10 * MINUTE, 10 * MINUTE - 1_500, 2],
    ['1 ms before the end', 0, 10 * MINUTE, 10 * MINUTE - 1, 1],
    ['exactly at the end (never 0)', 0, 10 * MINUTE, 10 * MINUTE, 1],
    ['past the end (never negative)', 0, 10 * MINUTE, 11 * MINUTE, 1],
    ['a real 15-minute window', 1_700_000_100_000, 15 * MINUTE, 1_700_000_123_456, 877],
    ['a real hour window', 1_699_999_200_000, 60 * MINUTE, 1_700_000_123_456, 2677],
  ])('%s', (_label, start, windowMs, now, expected) => {
    expect(secondsUntilReset(start, windowMs, now)).toBe(expected);
  });

  it('is always a whole number of seconds from 1 to the window length', () => {
    for (const windowMs of [10 * MINUTE, 15 * MINUTE, 60 * MINUTE]) {
      for (let i = 0; i < 200; i++) {
        const now = Math.floor(Math.random() * 4_000_000_000_000);
        const seconds = secondsUntilReset(windowStart(now, windowMs), windowMs, now);
        expect(Number.isInteger(seconds)).toBe(true);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
      }
    }
  });
});
