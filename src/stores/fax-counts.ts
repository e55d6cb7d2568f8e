import { atom, onMount } from 'nanostores';
import type { FaxCounts } from '../common/faxes';
import { apiCall } from '../lib/api';
import { reloadOnFaxChanges } from './fax-reload';

// Unread received faxes and totals (spec §7), shown in the navigation and the lists. The page
// arrives with them (page context → `seedFaxCounts`); they are read again whenever a received fax
// changes (arrival, read, unread; a sent fax's page-by-page progress changes no count) and after a reconnect, so a missed event never leaves them wrong.

export const $faxCounts = atom<FaxCounts | null>(null);

/** The counts rendered with the page; never overwrites fresher ones already read. */
export function seedFaxCounts(counts: FaxCounts | null): void {
  if (counts && !$faxCounts.get()) $faxCounts.set(counts);
}

export async function loadFaxCounts(): Promise<void> {
  const result = await apiCall<FaxCounts>('/faxCounts');
  if (result.ok) $faxCounts.set(result.data);
}

onMount($faxCounts, () => reloadOnFaxChanges('RECEIVE', loadFaxCounts));
