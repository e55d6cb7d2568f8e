import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits';

// What a new password must be (NIST SP 800-63B): at least 8 characters once normalised
// (NFKC, so look-alike forms count once), no control characters, not only spaces, and not a
// pattern anyone would try first: one character repeated, a run like "abcdefgh" or "87654321",
// or a short unit repeated ("abababab"). The common-password list is checked on the server
// (worker/auth/password-policy.ts). Isomorphic: the forms show the same verdict as the person types.

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** The name a person gives at sign-up or in settings. */
export const DISPLAY_NAME_MAX_LENGTH = 80;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'controlCharacters' | 'onlySpaces' | 'tooSimple';

function isRun(chars: readonly string[]): boolean {
  const codes = chars.map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) <= 1 && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

function isRepeatedUnit(text: string): boolean {
  return /^(.{1,3})\1+.{0,2}$/su.test(text);
}

/** Why a new password is refused, or null when it may be used. */
export function passwordProblem(password: string): PasswordProblem | null {
  const normalised = password.normalize('NFKC');
  const chars = [...normalised];
  if (/\p{Cc}/u.test(normalised)) return 'controlCharacters';
  if (chars.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (chars.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (normalised.trim() === '') return 'onlySpaces';
  if (new Set(chars.map((c) => c.toLowerCase())).size < 4 || isRun(chars) || isRepeatedUnit(normalised.toLowerCase())) {
    return 'tooSimple';
  }
  return null;
}

export type PasswordStrength = 'refused' | 'fair' | 'good' | 'strong';

/** What the form says while the person types: refused, or how much harder it is to guess. */
export function passwordStrength(password: string): PasswordStrength {
  if (passwordProblem(password) !== null) return 'refused';
  const chars = [...password.normalize('NFKC')];
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((kind) => chars.some((c) => kind.test(c))).length;
  if (chars.length >= 16 || (chars.length >= 12 && kinds >= 3)) return 'strong';
  if (chars.length >= 12 || kinds >= 3) return 'good';
  return 'fair';
}
