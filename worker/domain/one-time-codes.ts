import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { encode } from 'uqr';

// The authenticator app's codes (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits) and the
// recovery codes, as rules with no I/O (decision 044).

export const TOTP_STEP_MS = 30_000;
const DIGITS = 6;
/** Steps either side of now a code is still taken for: a clock a little off, a code typed slowly. */
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: a code read from paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

export function totpStepAt(now: number): number {
  return Math.floor(now / TOTP_STEP_MS);
}

/**
 * The step a code is right for, within ±1 step of now and after `lastUsedStep` (each code, and
 * every code older than one already used, works once: RFC 6238 §5.2), or null.
 */
export function acceptedStep(secret: Uint8Array, code: string, now: number, lastUsedStep: number | null): number | null {
  const current = totpStepAt(now);
  for (let step = Math.max(0, current - DRIFT_STEPS); step <= current + DRIFT_STEPS; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (timingSafeEqualText(generateHOTP(secret, BigInt(step), DIGITS), code)) return step;
  }
  return null;
}

function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** A new 160-bit secret (RFC 4226 §4 recommends 160 bits). */
export function newTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

export function totpKeyUri(issuer: string, accountName: string, secret: Uint8Array): string {
  return createTOTPKeyURI(issuer, accountName, secret, TOTP_STEP_MS / 1000, DIGITS);
}

/** What the person types into their app by hand: the URI's base32 secret in groups of four. */
export function secretAsText(keyUri: string): string {
  return (new URL(keyUri).searchParams.get('secret') ?? '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The QR code of a key URI as one SVG path (a unit square per dark module) and its size, drawn by
 * the page in its own colours: no image, no script, no library in the browser.
 */
export function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, path };
}

/** Ten codes like `k7vx2-mq9ra`: 50 bits each from an alphabet with no look-alike characters. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let chars = '';
    while (chars.length < RECOVERY_LENGTH) {
      // Bytes past the last whole multiple of the alphabet are dropped, so every character is equally likely.
      for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
        if (byte < 256 - (256 % RECOVERY_ALPHABET.length) && chars.length < RECOVERY_LENGTH)
          chars += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
      }
    }
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces or a dash anywhere) in its stored form, or null. */
export function normalizeRecoveryCode(typed: string): string | null {
  const chars = typed.toLowerCase().replace(/[\s-]/g, '');
  if (chars.length !== RECOVERY_LENGTH || [...chars].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
