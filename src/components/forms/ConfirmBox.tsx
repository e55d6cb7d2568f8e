import { useEffect, useId, useRef } from 'react';

/**
 * Asks before something that cannot be undone (delete forever, cancel a scheduled fax): the
 * question, a button that does it and one that keeps things as they are. It takes the focus when
 * it opens, so the question is heard and Enter or a tap answers it.
 */
export default function ConfirmBox({
  question,
  confirmLabel,
  keepLabel,
  busy,
  onConfirm,
  onKeep,
}: {
  question: string;
  confirmLabel: string;
  keepLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const textId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="confirm-box" role="alertdialog" aria-labelledby={textId} tabIndex={-1} ref={box}>
      <p id={textId}>{question}</p>
      <div className="confirm-actions">
        <button type="button" className="button danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onKeep}>
          {keepLabel}
        </button>
      </div>
    </div>
  );
}
