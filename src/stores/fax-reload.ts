import { $liveStatus } from './live';

/**
 * For a store the page arrives with already rendered, and which follows pushed changes on its own:
 * calls `reload` after each reconnect (events may have been missed while the socket was down) but
 * not on the first connection (nothing was missed, and a read racing a sign-out would only fail).
 * Answers the way to stop.
 */
export function reloadAfterReconnect(reload: () => Promise<void>): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let connections = 0;
  let wasConnected = false;
  return $liveStatus.subscribe((status) => {
    if (status === 'connected' && !wasConnected && ++connections > 1) void reload();
    wasConnected = status === 'connected';
  });
}
