import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '../../worker/domain/retry';

describe('retryDelaySeconds', () => {
  it.each([
    [0, 2],
    [1, 2],
    [2, 4],
    [3, 8],
    [5, 32],
    [6, 60],
    [10, 60],
  ])('after attempt %i waits %i s', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});
