import { type InputHTMLAttributes, useId } from 'react';
import Icon from '../icons/Icon';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A sentence under the field, read out with it. */
  hint?: string;
  /** What is wrong with the value, under the field, announced as it appears and read out with the field. */
  error?: string | null;
  /** The label is read out but not shown, where a heading right above says the same. */
  hideLabel?: boolean;
}

/** A labelled input, with its hint and its error tied to it for screen readers. */
export default function Field({ label, hint, error, hideLabel, ...input }: Props) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const describedBy = [error ? ids.error : null, hint ? ids.hint : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={ids.input} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input id={ids.input} aria-describedby={describedBy || undefined} aria-invalid={error ? true : undefined} {...input} />
      {error && (
        <p className="field-error" id={ids.error} role="alert">
          <Icon name="circle-alert" />
          {error}
        </p>
      )}
      {hint && (
        <p className="hint" id={ids.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
