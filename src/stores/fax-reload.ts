import type { FaxDirection } from '../common/faxes';
import { $liveStatus, onLiveEvent } from './live';

/**
 * For a store the page arrives with already rendered: calls `reload` on every pushed change of a
 * fax of `direction`, and after each reconnect (events may have been missed meanwhile) but not on
 * the first connection (a read racing a sign-out would only fail). Answers the way to stop.
 */
export function reloadOnFaxChanges(direction: FaxDirection, reload: () => Promise<void>): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let connections = 0;
  let wasConnected = false;
  const stopStatus = $liveStatus.subscribe((status) => {
    if (status === 'connected' && !wasConnected && ++connections > 1) void reload();
    wasConnected = status === 'connected';
  });
  const stopEvents = onLiveEvent((event) => {
    if (event.type === 'fax.updated' && event.fax.direction === direction) void reload();
  });
  return () => {
    stopStatus();
    stopEvents();
  };
}
