import { atom, onMount } from 'nanostores';
import type { FaxView } from '../common/faxes';
import type { TrashListPage } from '../common/trash';
import { type ApiFailure, api, call } from '../lib/api';
import { type FaxListState, hasMoreFaxes, keepOlderRows, renderedListState, withFaxUpdate, withoutFaxes } from './fax-list';
import { onLiveEvent } from './live';
import { startFromRendered } from './live-resync';
import { onTeardown } from './teardown';

// The trash (spec §3 trash document): faxes of both directions, newest first, 30 then 20 like the
// history. Live: a fax.updated with `trashedAt` puts a fax in (or updates it), one without takes
// it out (restored, in this tab or another); faxes.deleted drops what was deleted forever. It
// starts from the first page the server rendered the page with, and reads it again only when the
// page may have missed an event (./live-resync).

export const $trash = atom<FaxListState>({ kind: 'loading' });

onTeardown(() => {
  $trash.set({ kind: 'loading' });
});

export async function loadTrash(): Promise<void> {
  const result = await call(api.trash.$get({ query: {} }));
  if (!result.ok) {
    if ($trash.get().kind !== 'ready') $trash.set({ kind: 'failed', reason: result.message });
    return;
  }
  const current = $trash.get();
  const list = current.kind === 'ready' ? keepOlderRows(current.list, result.data) : result.data;
  $trash.set({ kind: 'ready', list, loadingMore: false, moreFailed: null, searching: false });
}

export async function loadMoreTrash(): Promise<void> {
  const state = $trash.get();
  if (state.kind !== 'ready' || state.loadingMore || !hasMoreFaxes(state.list)) return;
  $trash.set({ ...state, loadingMore: true, moreFailed: null });
  const result = await call(api.trash.$get({ query: { cursor: state.list.nextCursor! } }));
  const now = $trash.get();
  if (now.kind !== 'ready') return;
  if (!result.ok) {
    $trash.set({ ...now, loadingMore: false, moreFailed: result.message });
    return;
  }
  const known = new Set(now.list.faxes.map((fax) => fax.id));
  const faxes = [...now.list.faxes, ...result.data.faxes.filter((fax) => !known.has(fax.id))];
  $trash.set({
    kind: 'ready',
    list: { faxes, nextCursor: result.data.nextCursor, total: result.data.total },
    loadingMore: false,
    moreFailed: null,
    searching: false,
  });
}

function applyTrashUpdate(fax: FaxView): void {
  const state = $trash.get();
  if (state.kind !== 'ready') return;
  const list = fax.trashedAt !== null ? withFaxUpdate(state.list, fax) : withoutFaxes(state.list, [fax.id]);
  if (list) $trash.set({ ...state, list });
}

function applyDeleted(faxIds: readonly string[], trashTotal: number): void {
  const state = $trash.get();
  if (state.kind !== 'ready') return;
  const list = withoutFaxes(state.list, faxIds) ?? state.list;
  $trash.set({ ...state, list: { ...list, total: Math.max(list.faxes.length, trashTotal) } });
}

/** Moves faxes to the trash (from the history or a fax's page); the answer's rows are applied at once. */
export type TrashMoveOutcome = { ok: true; faxes: FaxView[] } | ApiFailure;

export async function moveToTrash(faxIds: string[]): Promise<TrashMoveOutcome> {
  const result = await call(api.trashFaxes.$post({ json: { faxIds } }));
  if (!result.ok) return result;
  for (const fax of result.data.faxes) applyTrashUpdate(fax);
  return { ok: true, faxes: result.data.faxes };
}

export async function restoreFaxes(faxIds: string[]): Promise<TrashMoveOutcome> {
  const result = await call(api.restoreFaxes.$post({ json: { faxIds } }));
  if (!result.ok) return result;
  for (const fax of result.data.faxes) applyTrashUpdate(fax);
  return { ok: true, faxes: result.data.faxes };
}

export async function deleteFaxesForever(faxIds: string[]): Promise<ApiFailure | null> {
  const result = await call(api.deleteFaxesForever.$post({ json: { faxIds } }));
  if (!result.ok) return result;
  applyDeleted(faxIds, result.data.remaining);
  return null;
}

/** Empties the trash, a bounded batch per call, until the server says none is left. */
export async function emptyTrash(): Promise<ApiFailure | null> {
  for (;;) {
    const result = await call(api.deleteFaxesForever.$post({ json: { all: true } }));
    if (!result.ok) return result;
    if (result.data.remaining === 0 || result.data.deleted === 0) break;
  }
  await loadTrash();
  return null;
}

let stopResync: (() => void) | null = null;

/** Starts the trash as its page hydrates, once: from the first page it was rendered with, else by reading it. */
export function startTrash(rendered: TrashListPage | null): void {
  if (typeof window === 'undefined' || stopResync) return;
  stopResync = startFromRendered(rendered, (page) => $trash.set(renderedListState(page)), loadTrash);
}

onMount($trash, () => {
  if (typeof window === 'undefined') return;
  const stopEvents = onLiveEvent((event) => {
    if (event.type === 'fax.updated') applyTrashUpdate(event.fax);
    if (event.type === 'faxes.deleted') applyDeleted(event.faxIds, event.trashTotal);
    // A contact added, renamed or removed changes the names rows show.
    if (event.type === 'contacts.updated' && $trash.get().kind === 'ready') void loadTrash();
  });
  return () => {
    stopEvents();
    stopResync?.();
    stopResync = null;
  };
});
