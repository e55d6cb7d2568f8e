import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isRetryableStatus, retryAfterMs, retryDelayMs } from '../../src/lib/upload/backoff';

describe('isRetryableStatus', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [401, false],
    [404, false],
    [409, false],
    [413, false],
    [200, false],
  ])('%i → %s', (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
  });
});

describe('backoffDelayMs', () => {
  it.each([
    [1, 0, 1000],
    [1, 0.999, 1999],
    [2, 0, 2000],
    [3, 0.5, 4500],
    [7, 0, 64_000],
    [12, 0, 64_000],
  ])('retry %i with random %s waits %i ms', (attempt, random, ms) => {
    expect(backoffDelayMs(attempt, random)).toBe(ms);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it.each([
    [null, null],
    ['', null],
    ['7', 7000],
    ['0', 0],
    [' 12 ', 12_000],
    ['Sun, 01 Mar 2026 12:00:30 GMT', 30_000],
    ['Sun, 01 Mar 2026 11:00:00 GMT', 0],
    ['soon', null],
  ])('%j → %j', (header, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms);
  });
});

describe('retryDelayMs', () => {
  it("takes the server's Retry-After over the backoff", () => {
    expect(retryDelayMs(1, 7000, 0.5)).toBe(7000);
    expect(retryDelayMs(1, null, 0.5)).toBe(1500);
  });
});
