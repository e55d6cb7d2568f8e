import { type InputHTMLAttributes, useId } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's problem in words, shown under it and read out with it. */
  error: string | null;
}

/** A labelled card input with its inline error. */
export default function CardField({ label, error, ...input }: Props) {
  const ids = { input: useId(), error: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <input id={ids.input} aria-invalid={error ? true : undefined} aria-describedby={error ? ids.error : undefined} {...input} />
      {error && (
        <p className="field-error" id={ids.error}>
          {error}
        </p>
      )}
    </div>
  );
}
