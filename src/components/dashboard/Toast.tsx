import { useEffect } from 'react';
import Icon from '../icons/Icon';

/** How long a toast stays: long enough to read a sentence, short enough not to sit on the page. */
const TOAST_MS = 6000;

/**
 * What just happened, said once at the bottom of the screen and gone after a few seconds. The
 * region is always there, so a screen reader hears the message the moment it appears.
 */
export default function Toast({ message, onGone }: { message: string | null; onGone: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message restarts the clock; onGone is the parent's setter
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onGone, TOAST_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div className="toasts" role="status">
      {message && (
        <div className="toast">
          <Icon name="circle-check" />
          <p>{message}</p>
        </div>
      )}
    </div>
  );
}
