import { useState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/password-rules';
import Field from '../forms/Field';
import PasswordStrength from './PasswordStrength';

interface Props {
  label: string;
  hint: string;
  name: string;
  /** What is wrong with it, from the server (a password it refuses). */
  error?: string | null;
}

/** A field for choosing a password, with the length rule the server applies, its hint and its strength. */
export default function NewPasswordField({ label, hint, name, error }: Props) {
  const [typed, setTyped] = useState('');
  return (
    <div onInput={(event) => setTyped((event.target as HTMLInputElement).value)}>
      <Field
        label={label}
        hint={hint}
        error={error}
        name={name}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        required
      />
      <PasswordStrength password={typed} />
    </div>
  );
}
