import { useId } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/auth-schemas';

interface Props {
  label: string;
  hint: string;
  name: string;
}

/** A field for choosing a password, with the length rule the server applies and its hint. */
export default function NewPasswordField({ label, hint, name }: Props) {
  const ids = { input: useId(), hint: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <input
        id={ids.input}
        name={name}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        required
        aria-describedby={ids.hint}
      />
      <p className="hint" id={ids.hint}>
        {hint}
      </p>
    </div>
  );
}
