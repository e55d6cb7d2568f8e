import { passwordProblem } from '../../src/common/password-rules';
import { t } from '../../src/i18n/t';
import { isCommonPassword } from './common-passwords';
import { guessablePassword } from './password-guessing';

// Every new password (sign-up, reset, change) passes the same rules: src/common/password-rules.ts,
// then the common-password list, then how fast it would be guessed with the account's own words
// (password-guessing.ts). Answers the refusal's code and the sentence that says why.

export interface PasswordRefusal {
  code: 'WEAK_PASSWORD' | 'COMMON_PASSWORD';
  message: string;
}

/** Why `password` may not be the new password of the account of `email`, or null when it may. */
export function refuseNewPassword(password: string, email: string): PasswordRefusal | null {
  const problem = passwordProblem(password);
  if (problem) return { code: 'WEAK_PASSWORD', message: t(`passwordRules.${problem}`) };
  const normalised = password.normalize('NFKC');
  if (isCommonPassword(normalised)) return { code: 'COMMON_PASSWORD', message: t('errors.COMMON_PASSWORD') };
  const guessable = guessablePassword(normalised, email);
  if (guessable === 'COMMON') return { code: 'COMMON_PASSWORD', message: t('api.passwordGuessable.COMMON') };
  if (guessable) return { code: 'WEAK_PASSWORD', message: t(`api.passwordGuessable.${guessable}`, { app: t('app.name') }) };
  return null;
}
