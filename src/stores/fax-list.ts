import { atom, onMount, type ReadableAtom } from 'nanostores';
import { faxMatchesSearch } from '../common/fax-search';
import type { FaxDirection, FaxListPage, FaxView } from '../common/faxes';
import { api, call } from '../lib/api';
import {
  apiFiltersOf,
  type FaxListFilters,
  filtersFromUrl,
  filtersToUrl,
  hasFilters,
  NO_FILTERS,
  sameFilters,
  searchOf,
  viewerTimeZone,
  withFilteredFaxUpdate,
} from './fax-list-filters';
import { newerRows } from './fax-rows';
import { onLiveEvent } from './live';
import { startFromRendered } from './live-resync';
import { onTeardown } from './teardown';

// One fax history list, sent or received (spec §7: newest first, 30 first then pages of 20; more
// only while fewer are loaded than the total, §5), narrowed by the filters in the page's address
// (./fax-list-filters). It starts from the first page the server rendered the page with, or,
// with filters in the address, reads it once. Live `fax.updated` events of its direction change
// rows in place and put a new fax at the top, if the filters find it; the first page is read again
// only when the page may have missed an event (./live-resync).

export interface FaxList {
  faxes: FaxView[];
  nextCursor: string | null;
  total: number;
}

export type FaxListState =
  | { kind: 'loading' }
  | { kind: 'failed'; reason: string }
  | { kind: 'ready'; list: FaxList; loadingMore: boolean; moreFailed: string | null; searching: boolean };

/** What a list is before its first page is read. */
export const LIST_LOADING: FaxListState = { kind: 'loading' };

/** The list as its page was rendered: its first page, or loading when the island reads it itself. */
export function renderedListState(firstPage: FaxListPage | null): FaxListState {
  return firstPage ? { kind: 'ready', list: firstPage, loadingMore: false, moreFailed: null, searching: false } : LIST_LOADING;
}

export interface FaxListStore {
  $state: ReadableAtom<FaxListState>;
  /** The filters shown, as the page's address holds them. */
  $filters: ReadableAtom<FaxListFilters>;
  /** Lists what the filters find from its first page, and keeps them in the page's address. */
  setFilters: (filters: FaxListFilters) => void;
  /**
   * Starts the list as its page hydrates, once: from the first page the page was rendered with,
   * or, when there is none (filters in the address), by reading it.
   */
  start: (rendered: FaxListPage | null) => void;
  load: () => Promise<void>;
  loadMore: () => Promise<void>;
  applyUpdate: (fax: FaxView) => void;
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
 * page stay, with their cursor, so "Load more" carries on where it was; rows pushed since the read
 * stay at their newer version.
 */
export function keepOlderRows(old: FaxList, fresh: FaxListPage): FaxList {
  const faxes = newerRows(old.faxes, fresh.faxes);
  const last = faxes.at(-1);
  const page: FaxList = { faxes, nextCursor: fresh.nextCursor, total: fresh.total };
  if (!last || fresh.nextCursor === null) return page;
  const ids = new Set(faxes.map((fax) => fax.id));
  const older = old.faxes.filter((fax) => !ids.has(fax.id) && byStartDesc(fax, last) > 0);
  return older.length === 0 ? page : { faxes: [...faxes, ...older], nextCursor: old.nextCursor, total: fresh.total };
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

/** A list of one direction, started from its page's data (or read) and kept live while a component listens. */
export function createFaxListStore(direction: FaxDirection): FaxListStore {
  const $state = atom<FaxListState>({ kind: 'loading' });
  const $filters = atom<FaxListFilters>(NO_FILTERS);
  // Each change of filters starts a new generation; an answer to an older one is dropped.
  let generation = 0;
  // Events that come while a first page is on its way, applied once it is there.
  let held: FaxView[] = [];
  let recheckTimer: ReturnType<typeof setTimeout> | null = null;
  onTeardown(() => {
    $state.set({ kind: 'loading' });
    $filters.set(NO_FILTERS);
    held = [];
  });

  const query = (cursor: string | null) => ({
    direction,
    ...apiFiltersOf($filters.get(), viewerTimeZone()),
    ...(cursor ? { cursor } : {}),
  });

  /** Reads the first page: afresh for new filters, or on top of what is loaded (a re-read). */
  const readFirstPage = async (fresh: boolean): Promise<void> => {
    const asked = generation;
    const result = await call(api.faxes.$get({ query: query(null) }));
    if (asked !== generation) return;
    const current = $state.get();
    if (!result.ok) {
      // A failed re-read keeps what is on screen; rows of other filters are not kept.
      if (fresh || current.kind !== 'ready') $state.set({ kind: 'failed', reason: result.message });
      return;
    }
    const list = !fresh && current.kind === 'ready' ? keepOlderRows(current.list, result.data) : result.data;
    showList({ kind: 'ready', list, loadingMore: false, moreFailed: null, searching: false });
  };

  /** Shows a first page, then the events held while it was on its way. */
  const showList = (ready: FaxListState): void => {
    $state.set(ready);
    const events = held;
    held = [];
    for (const fax of events) applyUpdate(fax);
  };

  const load = (): Promise<void> => readFirstPage(false);

  let stopResync: (() => void) | null = null;
  const start = (rendered: FaxListPage | null): void => {
    if (typeof window === 'undefined' || stopResync) return;
    const filters = filtersFromUrl(window.location.search, direction);
    $filters.set(filters);
    // The page is rendered with the unfiltered list: an address with filters reads what they find.
    const shown = hasFilters(filters) ? null : rendered;
    stopResync = startFromRendered(shown, (page) => showList(renderedListState(page)), load);
  };

  const setFilters = (filters: FaxListFilters): void => {
    if (sameFilters(filters, $filters.get())) return;
    $filters.set(filters);
    generation++;
    if (typeof window !== 'undefined') {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${filtersToUrl(filters)}`);
    }
    const current = $state.get();
    // What is on screen stays, marked busy, until the new list comes: no flicker while typing.
    $state.set(current.kind === 'ready' ? { ...current, searching: true } : { kind: 'loading' });
    void readFirstPage(true);
  };

  const loadMore = async (): Promise<void> => {
    const state = $state.get();
    if (state.kind !== 'ready' || state.loadingMore || state.searching || !hasMoreFaxes(state.list)) return;
    const asked = generation;
    $state.set({ ...state, loadingMore: true, moreFailed: null });
    const result = await call(api.faxes.$get({ query: query(state.list.nextCursor) }));
    const now = $state.get();
    if (asked !== generation || now.kind !== 'ready') return;
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
      searching: false,
    });
  };

  /** The server says again what the filters find, once a burst of events has passed. */
  const recheckSoon = (): void => {
    if (recheckTimer) clearTimeout(recheckTimer);
    recheckTimer = setTimeout(() => {
      recheckTimer = null;
      void load();
    }, 300);
  };

  const applyUpdate = (fax: FaxView): void => {
    if (fax.direction !== direction) return;
    const state = $state.get();
    if (state.kind !== 'ready' || state.searching) {
      if (state.kind !== 'failed') held.push(fax);
      return;
    }
    // A fax moved to the trash leaves the history; one restored comes back at its place (if it matches).
    if (fax.trashedAt !== null) {
      const list = withoutFaxes(state.list, [fax.id]);
      if (list) $state.set({ ...state, list });
      return;
    }
    const filters = $filters.get();
    if (!hasFilters(filters)) {
      const list = withFaxUpdate(state.list, fax);
      if (list) $state.set({ ...state, list });
      return;
    }
    const update = withFilteredFaxUpdate(state.list, fax, faxMatchesSearch(fax, searchOf(filters, viewerTimeZone())));
    if (update.list) $state.set({ ...state, list: update.list });
    if (update.recheck) recheckSoon();
  };

  onMount($state, () => {
    if (typeof window === 'undefined') return;
    const stopEvents = onLiveEvent((event) => {
      if (event.type === 'fax.updated') applyUpdate(event.fax);
      // A contact added, renamed or removed (here or in another tab) changes the names rows show.
      if (event.type === 'contacts.updated' && $state.get().kind === 'ready') void load();
    });
    return () => {
      stopEvents();
      stopResync?.();
      stopResync = null;
      if (recheckTimer) clearTimeout(recheckTimer);
    };
  });

  return { $state, $filters, setFilters, start, load, loadMore, applyUpdate };
}
