import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/auth-schemas';
import Field from '../forms/Field';

interface Props {
  label: string;
  hint: string;
  name: string;
}

/** A field for choosing a password, with the length rule the server applies and its hint. */
export default function NewPasswordField({ label, hint, name }: Props) {
  return (
    <Field
      label={label}
      hint={hint}
      name={name}
      type="password"
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      required
    />
  );
}
