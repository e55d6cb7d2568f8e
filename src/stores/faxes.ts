import { atom, onMount } from 'nanostores';
import type { FaxListPage, FaxView } from '../common/faxes';
import { apiCall } from '../lib/api';
import { $liveStatus, onLiveEvent } from './live';

// The sent-fax history (spec §7: newest first, 30 first then pages of 20; more only while fewer
// are loaded than the total). Live `fax.updated` events change rows in place and put a fax sent
// from another tab at the top; after a reconnect the first page is read again, since events may
// have been missed while the socket was down.

export interface SentFaxes {
  faxes: FaxView[];
  nextCursor: string | null;
  total: number;
}

export type SentListState =
  | { kind: 'loading' }
  | { kind: 'failed'; reason: string }
  | { kind: 'ready'; list: SentFaxes; loadingMore: boolean; moreFailed: string | null };

export const $sentFaxes = atom<SentListState>({ kind: 'loading' });

function byStartDesc(a: FaxView, b: FaxView): number {
  return b.start - a.start || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
}

/** True while the loaded rows are fewer than the total (spec §5). */
export function hasMoreFaxes(list: SentFaxes): boolean {
  return list.faxes.length < list.total && list.nextCursor !== null;
}

/** The fax if this page has it loaded already (the details page's "loaded list"), else null. */
export function findLoadedFax(faxId: string): FaxView | null {
  const state = $sentFaxes.get();
  return state.kind === 'ready' ? (state.list.faxes.find((fax) => fax.id === faxId) ?? null) : null;
}

export async function loadSentFaxes(): Promise<void> {
  const result = await apiCall<FaxListPage>('/faxes?direction=SEND');
  if (!result.ok) {
    // A failed re-read after a reconnect keeps what is on screen.
    if ($sentFaxes.get().kind !== 'ready') $sentFaxes.set({ kind: 'failed', reason: result.message });
    return;
  }
  const current = $sentFaxes.get();
  const list = current.kind === 'ready' ? keepOlderRows(current.list, result.data) : result.data;
  $sentFaxes.set({ kind: 'ready', list, loadingMore: false, moreFailed: null });
}

/**
 * The first page read again (after a reconnect) on top of what was loaded: rows past the first
 * page stay, with their cursor, so "Load more" carries on where it was.
 */
function keepOlderRows(old: SentFaxes, fresh: FaxListPage): SentFaxes {
  const last = fresh.faxes.at(-1);
  const page: SentFaxes = { faxes: fresh.faxes, nextCursor: fresh.nextCursor, total: fresh.total };
  if (!last || fresh.nextCursor === null) return page;
  const ids = new Set(fresh.faxes.map((fax) => fax.id));
  const older = old.faxes.filter((fax) => !ids.has(fax.id) && byStartDesc(fax, last) > 0);
  return older.length === 0 ? page : { faxes: [...fresh.faxes, ...older], nextCursor: old.nextCursor, total: fresh.total };
}

export async function loadMoreSentFaxes(): Promise<void> {
  const state = $sentFaxes.get();
  if (state.kind !== 'ready' || state.loadingMore || !hasMoreFaxes(state.list)) return;
  $sentFaxes.set({ ...state, loadingMore: true, moreFailed: null });
  const result = await apiCall<FaxListPage>(`/faxes?direction=SEND&cursor=${encodeURIComponent(state.list.nextCursor!)}`);
  const now = $sentFaxes.get();
  if (now.kind !== 'ready') return;
  if (!result.ok) {
    $sentFaxes.set({ ...now, loadingMore: false, moreFailed: result.message });
    return;
  }
  // A live event may already have brought some of these rows in: keep one of each.
  const known = new Set(now.list.faxes.map((fax) => fax.id));
  const faxes = [...now.list.faxes, ...result.data.faxes.filter((fax) => !known.has(fax.id))];
  $sentFaxes.set({
    kind: 'ready',
    list: { faxes, nextCursor: result.data.nextCursor, total: result.data.total },
    loadingMore: false,
    moreFailed: null,
  });
}

/** Puts a pushed fax into the list: in place when loaded, at its place by date when new. */
export function applyFaxUpdate(fax: FaxView): void {
  const state = $sentFaxes.get();
  if (state.kind !== 'ready' || fax.direction !== 'SEND') return;
  const { list } = state;
  const index = list.faxes.findIndex((row) => row.id === fax.id);
  if (index >= 0) {
    // Events may arrive out of order; a row never goes back to an older version of itself.
    if (list.faxes[index]!.updated > fax.updated) return;
    const faxes = list.faxes.slice();
    faxes[index] = fax;
    $sentFaxes.set({ ...state, list: { ...list, faxes } });
    return;
  }
  const oldest = list.faxes.at(-1);
  // A fax older than every loaded row belongs to a page not loaded yet; "Load more" brings it.
  if (oldest && hasMoreFaxes(list) && byStartDesc(fax, oldest) > 0) return;
  const faxes = [...list.faxes, fax].sort(byStartDesc);
  $sentFaxes.set({ ...state, list: { ...list, faxes, total: list.total + 1 } });
}

onMount($sentFaxes, () => {
  if (typeof window === 'undefined') return;
  void loadSentFaxes();
  let wasConnected = false;
  const stopStatus = $liveStatus.subscribe((status) => {
    if (status === 'connected' && wasConnected === false && $sentFaxes.get().kind === 'ready') void loadSentFaxes();
    wasConnected = status === 'connected';
  });
  const stopEvents = onLiveEvent((event) => {
    if (event.type === 'fax.updated') applyFaxUpdate(event.fax);
  });
  return () => {
    stopStatus();
    stopEvents();
  };
});
