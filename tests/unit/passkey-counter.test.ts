import { describe, expect, it } from 'vitest';
import { counterWentBack } from '../../worker/domain/passkey-counter';

// Decision 045: a counter that is not zero and did not go up means a copied key.
describe('counterWentBack', () => {
  it.each([
    [0, 0, false], // a synced passkey that never counts
    [0, 1, false], // the first counted use
    [5, 6, false],
    [5, 100, false], // used elsewhere in between: still forward
    [5, 5, true], // the same count twice
    [5, 4, true], // backwards
    [5, 0, true], // a copy that starts again from nothing
  ])('stored %i, received %i → %s', (stored, received, wentBack) => {
    expect(counterWentBack(stored, received)).toBe(wentBack);
  });
});
