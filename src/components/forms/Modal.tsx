import { type ReactNode, useEffect, useRef } from 'react';

interface Props {
  /** The id of the dialog's heading, which names it. */
  labelledBy: string;
  describedBy?: string;
  /** `alertdialog` for a question that needs an answer (confirming a deletion). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** Escape, or the dialog's own way out: the parent stops rendering it. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A native modal <dialog>, shown while the parent renders it: the page behind is out of
 * reach, Escape closes it, the browser puts the focus in it, and the focus goes back where it was
 * once it is gone.
 */
export default function Modal({ labelledBy, describedBy, role = 'dialog', className, onClose, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.showModal();
    return () => {
      element?.close();
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={className ? `dialog ${className}` : 'dialog'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
