import { atom, onMount } from 'nanostores';
import { type RecentFaxes, withoutFaxes, withPushedFax } from '../common/recent-faxes';
import { api, call } from '../lib/api';
import { newerRows } from './fax-rows';
import { followLive } from './live';
import { onTeardown } from './teardown';

// The dashboard's unread faxes and recent activity (decision 036). The page arrives with them
// rendered (seedRecentFaxes); every pushed change of a fax is applied as it comes, with the rules
// the server builds them by (src/common/recent-faxes.ts), so an arriving fax shows with no read.
// They are read again only when the page may have missed a push (./live-resync).

export const $recentFaxes = atom<RecentFaxes | null>(null);

/** The lists rendered with the page; never overwrites ones already followed. */
export function seedRecentFaxes(rendered: RecentFaxes | null): void {
  if (rendered && !$recentFaxes.get()) $recentFaxes.set(rendered);
}

async function loadRecentFaxes(): Promise<void> {
  const result = await call(api.recentFaxes.$get());
  if (!result.ok) return;
  // A push that came while the read was on its way is not undone by its answer.
  const shown = $recentFaxes.get();
  const fresh = result.data;
  $recentFaxes.set(shown ? { unread: newerRows(shown.unread, fresh.unread), recent: newerRows(shown.recent, fresh.recent) } : fresh);
}

// Sign-out and teardown forget the user's faxes (spec §2).
onTeardown(() => $recentFaxes.set(null));

onMount($recentFaxes, () =>
  followLive(loadRecentFaxes, (event) => {
    const shown = $recentFaxes.get();
    if (!shown) return;
    if (event.type === 'fax.updated') $recentFaxes.set(withPushedFax(shown, event.fax));
    else if (event.type === 'faxes.deleted') $recentFaxes.set(withoutFaxes(shown, event.faxIds));
  }),
);
