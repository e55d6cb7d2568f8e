import { atom, onMount } from 'nanostores';
import type { ReceiveStatus } from '../common/faxes';
import { api, call } from '../lib/api';
import { type Followed, follow, withReceivedFax } from './fax-status-rules';
import { followLive } from './live';
import { onTeardown } from './teardown';

// The receive document (spec §3) the dashboard shows: faxes arriving now and the newest received.
// The page arrives with it rendered (seedReceiveStatus); every pushed change of a received fax is
// applied to it as it comes (fax-status-rules.ts), and it is read again only when the page may
// have missed a push (./live-resync).

let followed: Followed<ReceiveStatus> | null = null;

export const $receiveStatus = atom<ReceiveStatus | null>(null);

function set(next: Followed<ReceiveStatus>): void {
  followed = next;
  $receiveStatus.set(next.doc);
}

/** The document rendered with the page; never overwrites one already followed. */
export function seedReceiveStatus(status: ReceiveStatus | null): void {
  if (status && !followed) set(follow(status));
}

async function loadReceiveStatus(): Promise<void> {
  const result = await call(api.receiveStatus.$get());
  if (result.ok) set(follow(result.data));
}

// Sign-out and teardown forget the user's faxes (spec §2).
onTeardown(() => {
  followed = null;
  $receiveStatus.set(null);
});

onMount($receiveStatus, () => {
  const stopFollowing = followLive(loadReceiveStatus, (event) => {
    if (event.type === 'fax.updated' && followed) set(withReceivedFax(followed, event.fax, event.totals));
  });
  return () => {
    stopFollowing();
    followed = null;
  };
});
