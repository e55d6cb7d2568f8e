import { describe, expect, it } from 'vitest';
import { signedRecently } from '../../worker/payments/stripe';

// A payment webhook is accepted only when signed within 300 s of now, before or after.

const NOW = 1_800_000_000_000;
const at = (seconds: number) => `t=${NOW / 1000 + seconds},v1=abc`;

describe('signedRecently', () => {
  it.each([
    ['now', at(0), true],
    ['300 s ago', at(-300), true],
    ['300 s ahead', at(300), true],
    ['301 s ago', at(-301), false],
    ['301 s ahead', at(301), false],
    ['a year ahead', at(365 * 24 * 3600), false],
    ['no time', 'v1=abc', false],
    ['a time that is not a number', 't=soon,v1=abc', false],
  ])('%s → %s', (_label, signature, expected) => {
    expect(signedRecently(signature, NOW)).toBe(expected);
  });
});
