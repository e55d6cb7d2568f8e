import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A sentence under the field, read out with it. */
  hint?: string;
}

/** A labelled input, with its hint tied to it for screen readers. */
export default function Field({ label, hint, ...input }: Props) {
  const ids = { input: useId(), hint: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <input id={ids.input} aria-describedby={hint ? ids.hint : undefined} {...input} />
      {hint && (
        <p className="hint" id={ids.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
