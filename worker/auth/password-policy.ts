import { passwordProblem } from '../../src/common/password-rules';
import { t } from '../../src/i18n/t';
import { isCommonPassword } from './common-passwords';

// Every new password (sign-up, reset, change) passes the same rules: src/common/password-rules.ts,
// then the common-password list. Answers the refusal's code and the sentence that says why.

export interface PasswordRefusal {
  code: 'WEAK_PASSWORD' | 'COMMON_PASSWORD';
  message: string;
}

export function refuseNewPassword(password: string): PasswordRefusal | null {
  const problem = passwordProblem(password);
  if (problem) return { code: 'WEAK_PASSWORD', message: t(`passwordRules.${problem}`) };
  if (isCommonPassword(password.normalize('NFKC'))) return { code: 'COMMON_PASSWORD', message: t('errors.COMMON_PASSWORD') };
  return null;
}
