import { describe, expect, it } from 'vitest';
import {
  acceptedStep,
  newRecoveryCodes,
  normalizeRecoveryCode,
  qrPath,
  secretAsText,
  totpKeyUri,
} from '../../worker/domain/one-time-codes';

// RFC 6238 appendix B's SHA-1 secret; its 8-digit codes end in these 6 digits.
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');

describe('acceptedStep', () => {
  it.each([
    [59_000, '287082', 1],
    [1_111_111_109_000, '081804', 37_037_036],
    [1_234_567_890_000, '005924', 41_152_263],
  ])('at %i ms takes %s for step %i (RFC 6238 vectors)', (now, code, step) => {
    expect(acceptedStep(RFC_SECRET, code, now, null)).toBe(step);
  });

  it('takes a code one step early or late, not two', () => {
    expect(acceptedStep(RFC_SECRET, '287082', 59_000 + 30_000, null)).toBe(1);
    expect(acceptedStep(RFC_SECRET, '287082', 59_000 - 30_000, null)).toBe(1);
    expect(acceptedStep(RFC_SECRET, '287082', 59_000 + 60_000, null)).toBeNull();
  });

  it('refuses a step already used, and older ones', () => {
    expect(acceptedStep(RFC_SECRET, '287082', 59_000, 1)).toBeNull();
    expect(acceptedStep(RFC_SECRET, '287082', 59_000, 2)).toBeNull();
    expect(acceptedStep(RFC_SECRET, '287082', 59_000, 0)).toBe(1);
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes of ten unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it.each([
    ['ABCDE-FGHJK', 'abcde-fghjk'],
    [' abcde fghjk ', 'abcde-fghjk'],
    ['abcdefghjk', 'abcde-fghjk'],
    ['abcde-fghj', null],
    ['abcde-fghj1', null],
    ['abcde-fghjo', null],
  ])('reads %j as %j', (typed, stored) => {
    expect(normalizeRecoveryCode(typed)).toBe(stored);
  });
});

describe('the key URI and its QR code', () => {
  it('names the product and the account, and shows the secret in groups of four', () => {
    const uri = totpKeyUri('FaxFlow', 'a@example.com', RFC_SECRET);
    expect(uri).toMatch(/^otpauth:\/\/totp\/FaxFlow:a%40example\.com\?/);
    expect(secretAsText(uri)).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');
    const { size, path } = qrPath(uri);
    expect(size).toBeGreaterThanOrEqual(25);
    expect(path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
  });
});
