import { useId } from 'react';
import Modal from './Modal';

interface Props {
  /** The question: "Delete 2 faxes forever?" */
  title: string;
  /** What follows from it: "This cannot be undone." */
  detail?: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone, in a modal dialog: the focus starts on
 * the answer that keeps things as they are, which Escape gives too. The parent renders it while it asks.
 */
export default function ConfirmDialog({ title, detail, confirmLabel, cancelLabel, busy, onConfirm, onCancel }: Props) {
  const ids = { title: useId(), detail: useId() };
  return (
    <Modal
      role="alertdialog"
      labelledBy={ids.title}
      describedBy={detail ? ids.detail : undefined}
      onClose={() => {
        if (!busy) onCancel();
      }}
    >
      <h2 id={ids.title}>{title}</h2>
      {detail && <p id={ids.detail}>{detail}</p>}
      <div className="dialog-actions">
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button danger" disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
