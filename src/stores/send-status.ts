import { atom, onMount } from 'nanostores';
import type { SendStatus } from '../common/faxes';
import { api, call } from '../lib/api';
import { type Followed, follow, withSentFax } from './fax-status-rules';
import { followLive } from './live';
import { onTeardown } from './teardown';

// The send document (spec §3) the dashboard shows: the fax on its way and the newest one sent.
// The page arrives with it rendered (seedSendStatus); every pushed change of a sent fax is applied
// to it as it comes (fax-status-rules.ts), and it is read again only when the page may have
// missed a push (./live-resync).

let followed: Followed<SendStatus> | null = null;

export const $sendStatus = atom<SendStatus | null>(null);

function set(next: Followed<SendStatus>): void {
  followed = next;
  $sendStatus.set(next.doc);
}

/** The document rendered with the page; never overwrites one already followed. */
export function seedSendStatus(status: SendStatus | null): void {
  if (status && !followed) set(follow(status));
}

async function loadSendStatus(): Promise<void> {
  const result = await call(api.sendStatus.$get());
  if (result.ok) set(follow(result.data));
}

// Sign-out and teardown forget the user's faxes (spec §2).
onTeardown(() => {
  followed = null;
  $sendStatus.set(null);
});

onMount($sendStatus, () => {
  const stopFollowing = followLive(loadSendStatus, (event) => {
    if (event.type === 'fax.updated' && followed) set(withSentFax(followed, event.fax, event.totals));
  });
  return () => {
    stopFollowing();
    followed = null;
  };
});
