import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../src/common/auth-schemas';

// The ~30,000 most common passwords from breach corpora (zxcvbn-ts, MIT). Only entries long
// enough to pass the length rule can matter; the set is built on first use, once per isolate.
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN_LENGTH));
  return common.has(password.toLowerCase());
}
