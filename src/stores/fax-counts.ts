import { atom, onMount } from 'nanostores';
import type { FaxCounts } from '../common/faxes';
import { api, call } from '../lib/api';
import { followLive } from './live';
import { byPushOrder } from './push-order';
import { onTeardown } from './teardown';

// Unread received faxes and totals (spec §7), shown in the navigation and the lists. The page
// arrives with them (page context → `seedFaxCounts`); every fax.updated carries them as they were
// after that change, and the newest of those is shown. They are read again only when the page may
// have missed a push (./live-resync), so a missed event never leaves them wrong. Which of an
// answer and a push is newer is told by their order (./push-order), never by clocks.

export const $faxCounts = atom<FaxCounts | null>(null);

const countsOrder = byPushOrder((counts: FaxCounts) => $faxCounts.set(counts));

/** The counts rendered with the page; never overwrites fresher ones already read. */
export function seedFaxCounts(counts: FaxCounts | null): void {
  if (counts && !$faxCounts.get()) $faxCounts.set(counts);
}

/**
 * Call as a request for counts goes out (faxCounts, setFaxReadStatus); give its answer's counts to
 * what it returns, which shows them unless a push came in meanwhile.
 */
export function awaitCountsAnswer(): (counts: FaxCounts) => void {
  return countsOrder.awaitAnswer();
}

async function loadFaxCounts(): Promise<void> {
  const answered = awaitCountsAnswer();
  const result = await call(api.faxCounts.$get());
  if (result.ok) answered(result.data);
}

onTeardown(() => {
  $faxCounts.set(null);
});

onMount($faxCounts, () => {
  return followLive(loadFaxCounts, (event) => {
    if (event.type === 'fax.updated' || event.type === 'faxes.deleted') countsOrder.pushed(event.totals.counts);
  });
});
