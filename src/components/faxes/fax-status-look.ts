import type { FaxView } from '../../common/faxes';
import type { IconName } from '../../icons/icon-names';
import { isRetrying, isWaitingForRetry } from './fax-text';

// How a fax's status looks wherever it is shown as a pill (FaxStatusPill.tsx), with no DOM.

export type StatusTone = 'ok' | 'bad' | 'warn' | 'info' | 'neutral';

/**
 * Done well is ok, failed or missed is bad, a retry or a partial fax is warn, on its way is info,
 * waiting its turn is neutral; each with its icon, so the state is never told by colour alone.
 */
export function faxStatusLook(fax: FaxView): { tone: StatusTone; icon: IconName } {
  if (isWaitingForRetry(fax) || isRetrying(fax)) return { tone: 'warn', icon: 'clock' };
  switch (fax.status) {
    case 'DELIVERED':
      return { tone: 'ok', icon: 'circle-check' };
    case 'RECEIVED':
      return fax.partial ? { tone: 'warn', icon: 'triangle-alert' } : { tone: 'ok', icon: 'circle-check' };
    case 'FAILED':
      return { tone: 'bad', icon: 'circle-x' };
    case 'SENDING':
    case 'RECEIVING':
      return { tone: 'info', icon: 'loader-circle' };
    case 'QUEUED':
      return fax.sendAt !== null ? { tone: 'info', icon: 'calendar-clock' } : { tone: 'neutral', icon: 'clock' };
  }
}
