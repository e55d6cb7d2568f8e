import type { IconName } from '../../icons/icon-names';
import Icon from '../icons/Icon';

/** An action on the ticked faxes: its icon and words; on a phone the words are for screen readers only. */
export default function BulkButton({
  icon,
  label,
  danger = false,
  busy,
  onClick,
}: {
  icon: IconName;
  label: string;
  danger?: boolean;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={danger ? 'button danger small bulk-button' : 'button secondary small bulk-button'}
      disabled={busy}
      onClick={onClick}
    >
      <Icon name={icon} />
      <span className="bulk-label">{label}</span>
    </button>
  );
}
