import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, secondsUntilRoom, slidingHits, type WindowHits, windowStart } from '../../worker/domain/rate-limits';

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

describe('slidingHits', () => {
  const W = 60 * MINUTE;
  it.each([
    ['only this window, at its start', { current: 7, previous: 0 }, 0, 7],
    ['the last window whole at the very edge', { current: 11, previous: 20 }, 0, 31],
    ['half the last window a half-window in', { current: 3, previous: 20 }, W / 2, 13],
    ['a part of an attempt counts whole', { current: 3, previous: 20 }, W / 2 + 1, 13],
    ['none of the last window at the end', { current: 3, previous: 20 }, W, 3],
  ])('%s', (_label, hits, sinceStart, expected) => {
    const start = windowStart(1_700_000_123_456, W);
    expect(slidingHits(hits, start, W, start + sinceStart)).toBe(expected);
  });

  it("lets no more than the limit through around a window's edge, where fixed windows let twice", () => {
    const limit = 30;
    const start = windowStart(1_700_000_123_456, W);
    // 30 attempts in the last minute of one window, then as many as are let through in the next minute.
    const before = { current: 30, previous: 0 };
    const hits = { current: 0, previous: before.current };
    let through = 0;
    for (let i = 0; i < 60; i++) {
      hits.current++;
      if (slidingHits(hits, start, W, start + i * 1000) <= limit) through++;
    }
    expect(through).toBe(0);
  });
});

describe('secondsUntilRoom', () => {
  const W = 15 * MINUTE;
  const limit = 10;

  /** The hits as counted at `at`: the windows move on and nothing else is counted. */
  function hitsAt(hits: WindowHits, start: number, at: number): { hits: WindowHits; start: number } {
    const atStart = windowStart(at, W);
    if (atStart === start) return { hits, start };
    if (atStart === start + W) return { hits: { current: 0, previous: hits.current }, start: atStart };
    return { hits: { current: 0, previous: 0 }, start: atStart };
  }

  it('is 1 s at least, and whole seconds', () => {
    const start = windowStart(1_700_000_123_456, W);
    expect(secondsUntilRoom({ current: 0, previous: 0 }, limit, start, W, start + 5)).toBe(1);
    expect(secondsUntilRoom({ current: 12, previous: 4 }, limit, start, W, start + 1234)).toSatisfy(Number.isInteger);
  });

  it("waits into the next window, until a tenth of this window's ten have slid out", () => {
    const start = windowStart(1_700_000_123_456, W);
    // 10 in this window: room for one once a tenth of them has slid out, 1.5 min into the next window.
    expect(secondsUntilRoom({ current: 10, previous: 0 }, limit, start, W, start + W - 60_000)).toBe(60 + 90);
  });

  it('leaves room when it says, and not a second before, for any hits and moment', () => {
    for (let i = 0; i < 500; i++) {
      const now = 1_700_000_000_000 + Math.floor(Math.random() * 10 * W);
      const start = windowStart(now, W);
      const hits = { current: Math.floor(Math.random() * 25), previous: Math.floor(Math.random() * 25) };
      if (slidingHits(hits, start, W, now) <= limit - 1) continue;
      const wait = secondsUntilRoom(hits, limit, start, W, now);
      const then = now + wait * 1000;
      const after = hitsAt(hits, start, then);
      expect(slidingHits(after.hits, after.start, W, then)).toBeLessThanOrEqual(limit - 1);
      if (wait > 1) {
        const earlier = now + (wait - 1) * 1000 - 1;
        const before = hitsAt(hits, start, earlier);
        expect(slidingHits(before.hits, before.start, W, earlier)).toBeGreaterThan(limit - 1);
      }
    }
  });
});
