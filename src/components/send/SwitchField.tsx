import { useId } from 'react';

interface Props {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The pointer or the keyboard is on it: what it opens can start loading. */
  onIntent?: () => void;
}

/** An option that is on or off (a checkbox with the switch role), its words on the left, as settings lists have them. */
export default function SwitchField({ label, hint, checked, onChange, onIntent }: Props) {
  const ids = { input: useId(), hint: useId() };
  return (
    <div className="switch-field" onPointerEnter={onIntent}>
      <label htmlFor={ids.input}>{label}</label>
      <p className="hint" id={ids.hint}>
        {hint}
      </p>
      <input
        id={ids.input}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-checked={checked}
        aria-describedby={ids.hint}
        onFocus={onIntent}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
