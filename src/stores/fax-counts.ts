import { atom, onMount } from 'nanostores';
import type { FaxCounts } from '../common/faxes';
import { api, call } from '../lib/api';
import { followLive } from './live';
import { onTeardown } from './teardown';

// Unread received faxes and totals (spec §7), shown in the navigation and the lists. The page
// arrives with them (page context → `seedFaxCounts`); every fax.updated carries them as they were
// after that change, and the newest of those is shown. They are read again only when the page may
// have missed a push (./live-resync), so a missed event never leaves them wrong.

export const $faxCounts = atom<FaxCounts | null>(null);

/** When the counts shown were true: a push older than that changes nothing. */
let countsAt = 0;

/** The counts rendered with the page; never overwrites fresher ones already read. */
export function seedFaxCounts(counts: FaxCounts | null): void {
  if (counts && !$faxCounts.get()) $faxCounts.set(counts);
}

/** Counts another answer brought (setFaxReadStatus answers them), true at `at`. */
export function applyFaxCounts(counts: FaxCounts, at: number): void {
  if (at < countsAt) return;
  countsAt = at;
  $faxCounts.set(counts);
}

async function loadFaxCounts(): Promise<void> {
  const startedAt = Date.now();
  const result = await call(api.faxCounts.$get());
  if (result.ok) applyFaxCounts(result.data, startedAt);
}

onTeardown(() => {
  countsAt = 0;
  $faxCounts.set(null);
});

onMount($faxCounts, () => {
  return followLive(loadFaxCounts, (event) => {
    if (event.type === 'fax.updated' || event.type === 'faxes.deleted') applyFaxCounts(event.totals.counts, event.at);
  });
});
