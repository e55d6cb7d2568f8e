import { useCallback, useEffect, useRef, useState } from 'react';
import dismissLabel from 'virtual:message/faxActions.dismiss';
import Icon from '../icons/Icon';

/** What just happened on a fax's page, and what undoes it; a failure stays until dismissed. */
export interface Toast {
  text: string;
  failed?: boolean;
  action?: { label: string; run: () => void };
}

/** Long enough to read a sentence and reach its Undo. */
const SHOWN_MS = 6000;

/** One toast at a time: a new one replaces the last, so nothing piles up over the page. */
export function useToast(): { toast: Toast | null; show: (toast: Toast) => void; dismiss: () => void } {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback((next: Toast) => setToast(next), []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}

/**
 * The toast region: always in the page, so what appears in it is announced (a failure at once, as
 * an alert). A toast that went well goes after a few seconds, but not while the pointer or the
 * focus is on it.
 */
export default function FaxToasts({ toast, dismiss }: { toast: Toast | null; dismiss: () => void }) {
  const [held, setHeld] = useState(false);
  const timer = useRef<number>(undefined);

  useEffect(() => {
    if (!toast || toast.failed || held) return;
    timer.current = window.setTimeout(dismiss, SHOWN_MS);
    return () => window.clearTimeout(timer.current);
  }, [toast, held, dismiss]);

  return (
    <div className="toasts" role="status">
      {toast && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the pointer or the focus on it only holds the toast up; nothing is done
        <div
          className={toast.failed ? 'toast failed' : 'toast'}
          role={toast.failed ? 'alert' : undefined}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          {toast.failed && <Icon name="circle-alert" />}
          <p>{toast.text}</p>
          {toast.action && (
            <button type="button" className="button link" onClick={toast.action.run}>
              {toast.action.label}
            </button>
          )}
          <button type="button" className="button ghost small icon-only" aria-label={dismissLabel} onClick={dismiss}>
            <Icon name="x" />
          </button>
        </div>
      )}
    </div>
  );
}
