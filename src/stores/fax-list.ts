import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { FaxDirection, FaxListPage, FaxView } from '../common/faxes';
import { api, call } from '../lib/api';
import { $liveStatus, onLiveEvent } from './live';
import { onTeardown } from './teardown';

// One fax history list, sent or received (spec §7: newest first, 30 first then pages of 20; more
// only while fewer are loaded than the total, §5). Live `fax.updated` events of its direction
// change rows in place and put a new fax at the top; after a reconnect the first page is read
// again, since events may have been missed while the socket was down.

export interface FaxList {
  faxes: FaxView[];
  nextCursor: string | null;
  total: number;
}

export type FaxListState =
  | { kind: 'loading' }
  | { kind: 'failed'; reason: string }
  | { kind: 'ready'; list: FaxList; loadingMore: boolean; moreFailed: string | null };

export interface FaxListStore {
  $state: ReadableAtom<FaxListState>;
  load: () => Promise<void>;
  loadMore: () => Promise<void>;
  applyUpdate: (fax: FaxView) => void;
  /** The fax if this page has it loaded already (the details page's "loaded list"), else null. */
  findLoaded: (faxId: string) => FaxView | null;
}

function byStartDesc(a: FaxView, b: FaxView): number {
  return b.start - a.start || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
}

/** True while the loaded rows are fewer than the total (spec §5). */
export function hasMoreFaxes(list: FaxList): boolean {
  return list.faxes.length < list.total && list.nextCursor !== null;
}

/**
 * The first page read again (after a reconnect) on top of what was loaded: rows past the first
 * page stay, with their cursor, so "Load more" carries on where it was.
 */
export function keepOlderRows(old: FaxList, fresh: FaxListPage): FaxList {
  const last = fresh.faxes.at(-1);
  const page: FaxList = { faxes: fresh.faxes, nextCursor: fresh.nextCursor, total: fresh.total };
  if (!last || fresh.nextCursor === null) return page;
  const ids = new Set(fresh.faxes.map((fax) => fax.id));
  const older = old.faxes.filter((fax) => !ids.has(fax.id) && byStartDesc(fax, last) > 0);
  return older.length === 0 ? page : { faxes: [...fresh.faxes, ...older], nextCursor: old.nextCursor, total: fresh.total };
}

/** The list with a pushed fax in it: in place when loaded, at its place by date when new; null when unchanged. */
export function withFaxUpdate(list: FaxList, fax: FaxView): FaxList | null {
  const index = list.faxes.findIndex((row) => row.id === fax.id);
  if (index >= 0) {
    // Events may arrive out of order; a row never goes back to an older version of itself.
    if (list.faxes[index]!.updated > fax.updated) return null;
    const faxes = list.faxes.slice();
    faxes[index] = fax;
    return { ...list, faxes };
  }
  const oldest = list.faxes.at(-1);
  // A fax older than every loaded row belongs to a page not loaded yet; "Load more" brings it.
  if (oldest && hasMoreFaxes(list) && byStartDesc(fax, oldest) > 0) return null;
  return { ...list, faxes: [...list.faxes, fax].sort(byStartDesc), total: list.total + 1 };
}

/** The list without these faxes (trashed, or deleted forever); null when it had none of them. */
export function withoutFaxes(list: FaxList, faxIds: readonly string[]): FaxList | null {
  const gone = new Set(faxIds);
  const faxes = list.faxes.filter((fax) => !gone.has(fax.id));
  const removed = list.faxes.length - faxes.length;
  return removed === 0 ? null : { ...list, faxes, total: Math.max(faxes.length, list.total - removed) };
}

/** A list of one direction, read when a component first listens and kept live while it does. */
export function createFaxListStore(direction: FaxDirection): FaxListStore {
  const $state = atom<FaxListState>({ kind: 'loading' });
  onTeardown(() => $state.set({ kind: 'loading' }));

  const load = async (): Promise<void> => {
    const result = await call(api.faxes.$get({ query: { direction } }));
    if (!result.ok) {
      // A failed re-read after a reconnect keeps what is on screen.
      if ($state.get().kind !== 'ready') $state.set({ kind: 'failed', reason: result.message });
      return;
    }
    const current = $state.get();
    const list = current.kind === 'ready' ? keepOlderRows(current.list, result.data) : result.data;
    $state.set({ kind: 'ready', list, loadingMore: false, moreFailed: null });
  };

  const loadMore = async (): Promise<void> => {
    const state = $state.get();
    if (state.kind !== 'ready' || state.loadingMore || !hasMoreFaxes(state.list)) return;
    $state.set({ ...state, loadingMore: true, moreFailed: null });
    const result = await call(api.faxes.$get({ query: { direction, cursor: state.list.nextCursor! } }));
    const now = $state.get();
    if (now.kind !== 'ready') return;
    if (!result.ok) {
      $state.set({ ...now, loadingMore: false, moreFailed: result.message });
      return;
    }
    // A live event may already have brought some of these rows in: keep one of each.
    const known = new Set(now.list.faxes.map((fax) => fax.id));
    const faxes = [...now.list.faxes, ...result.data.faxes.filter((fax) => !known.has(fax.id))];
    $state.set({
      kind: 'ready',
      list: { faxes, nextCursor: result.data.nextCursor, total: result.data.total },
      loadingMore: false,
      moreFailed: null,
    });
  };

  const applyUpdate = (fax: FaxView): void => {
    const state = $state.get();
    if (state.kind !== 'ready' || fax.direction !== direction) return;
    // A fax moved to the trash leaves the history; one restored comes back at its place.
    const list = fax.trashedAt === null ? withFaxUpdate(state.list, fax) : withoutFaxes(state.list, [fax.id]);
    if (list) $state.set({ ...state, list });
  };

  const findLoaded = (faxId: string): FaxView | null => {
    const state = $state.get();
    return state.kind === 'ready' ? (state.list.faxes.find((fax) => fax.id === faxId) ?? null) : null;
  };

  onMount($state, () => {
    if (typeof window === 'undefined') return;
    void load();
    let wasConnected = false;
    const stopStatus = $liveStatus.subscribe((status) => {
      if (status === 'connected' && wasConnected === false && $state.get().kind === 'ready') void load();
      wasConnected = status === 'connected';
    });
    const stopEvents = onLiveEvent((event) => {
      if (event.type === 'fax.updated') applyUpdate(event.fax);
    });
    return () => {
      stopStatus();
      stopEvents();
    };
  });

  return { $state, load, loadMore, applyUpdate, findLoaded };
}
