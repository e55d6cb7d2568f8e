import { useEffect, useState } from 'react';
import Icon from '../icons/Icon';
import type { Status } from './FormStatus';

/** How long a "saved" line stays at a card's foot: long enough to read, then the card is quiet again. */
const SHOWN_MS = 6_000;

/**
 * What a card's last save did, at its foot beside the button. The live region is always in the
 * page, since screen readers announce words put into one more surely than one that arrives with
 * them. A success goes away after a while unless it asks for more (`stays`); a failure is shown
 * under its field by the form itself.
 */
export default function SaveStatus({ status }: { status: Status }) {
  const [gone, setGone] = useState(false);
  useEffect(() => {
    setGone(false);
    if (status.kind !== 'done' || status.stays) return;
    const timer = window.setTimeout(() => setGone(true), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [status]);
  return (
    <p className="save-status" role="status">
      {status.kind === 'done' && !gone && (
        <>
          <Icon name="circle-check" />
          {status.message}
        </>
      )}
    </p>
  );
}
