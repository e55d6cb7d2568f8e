import { atom, onMount } from 'nanostores';
import type { FaxCounts } from '../common/faxes';
import { api, call } from '../lib/api';
import { reloadOnFaxChanges } from './fax-reload';
import { onLiveEvent } from './live';
import { onTeardown } from './teardown';

// Unread received faxes and totals (spec §7), shown in the navigation and the lists. The page
// arrives with them (page context → `seedFaxCounts`); they are read again whenever a received fax
// changes (arrival, read, unread), when a sent fax new to this page shows up, and after a
// reconnect, so a missed event never leaves them wrong.

export const $faxCounts = atom<FaxCounts | null>(null);

/** The counts rendered with the page; never overwrites fresher ones already read. */
export function seedFaxCounts(counts: FaxCounts | null): void {
  if (counts && !$faxCounts.get()) $faxCounts.set(counts);
}

export async function loadFaxCounts(): Promise<void> {
  const result = await call(api.faxCounts.$get());
  if (result.ok) $faxCounts.set(result.data);
}

/**
 * Only a new sent fax changes the sent total; its page-by-page progress changes no count. So the
 * counts are read once per sent fax this page hears of (a fax already under way when the page
 * opened costs one needless read), not on every event of it.
 */
function reloadOnNewSentFax(reload: () => Promise<void>): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const heardOf = new Set<string>();
  return onLiveEvent((event) => {
    if (event.type !== 'fax.updated' || event.fax.direction !== 'SEND' || heardOf.has(event.fax.id)) return;
    heardOf.add(event.fax.id);
    void reload();
  });
}

onTeardown(() => $faxCounts.set(null));

onMount($faxCounts, () => {
  const stopReceived = reloadOnFaxChanges('RECEIVE', loadFaxCounts);
  const stopSent = reloadOnNewSentFax(loadFaxCounts);
  return () => {
    stopReceived();
    stopSent();
  };
});
