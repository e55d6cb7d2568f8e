import passwordRulesMessages from 'virtual:messages/passwordRules';
import { passwordProblem, passwordStrength } from '../../common/password-rules';
import { translator } from '../../i18n/translator';

const t = translator({ passwordRules: passwordRulesMessages });

/**
 * How the password being typed stands against the rules the server applies: not
 * accepted (and why), or fair, good, strong. Nothing until the person types.
 */
export default function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const problem = passwordProblem(password);
  return (
    <p className={`password-strength strength-${strength}`} aria-live="polite">
      {t('passwordRules.strength.label')}: <strong>{t(`passwordRules.strength.${strength}`)}</strong>
      {problem && problem !== 'tooShort' ? ` · ${t(`passwordRules.${problem}`)}` : ''}
    </p>
  );
}
