import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { FaxView } from '../common/faxes';
import { api, call } from '../lib/api';
import { $liveStatus, onLiveEvent } from './live';

// One send to many numbers (issue 17, /broadcast/{id}): every recipient's fax, live. A pushed
// fax.updated of one of them replaces its row (never with an older version); after a reconnect
// the group is read again.

export type BroadcastState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; reason: string }
  | { kind: 'ready'; faxes: FaxView[] };

export interface BroadcastWatch {
  $group: ReadableAtom<BroadcastState>;
  reload: () => Promise<void>;
  /** Rows an action answered (a reschedule, a cancel), shown at once; their pushes agree. */
  show: (faxes: FaxView[]) => void;
}

/** The group with `fax` in place of its older version; unchanged when it is not one of them. */
export function withGroupFax(faxes: readonly FaxView[], fax: FaxView): FaxView[] | null {
  const index = faxes.findIndex((row) => row.id === fax.id);
  if (index < 0 || faxes[index]!.updated > fax.updated) return null;
  const next = faxes.slice();
  next[index] = fax;
  return next;
}

export function broadcastStore(broadcastId: string): BroadcastWatch {
  const $group = atom<BroadcastState>({ kind: 'loading' });

  const reload = async (): Promise<void> => {
    const result = await call(api.broadcasts[':broadcastId'].$get({ param: { broadcastId } }));
    if (result.ok) $group.set({ kind: 'ready', faxes: result.data.faxes });
    else if (result.status === 404 || result.status === 400) $group.set({ kind: 'missing' });
    else if ($group.get().kind !== 'ready') $group.set({ kind: 'failed', reason: result.message });
  };

  const show = (faxes: FaxView[]): void => {
    for (const fax of faxes) {
      const state = $group.get();
      if (state.kind !== 'ready') return;
      const next = withGroupFax(state.faxes, fax);
      if (next) $group.set({ kind: 'ready', faxes: next });
    }
  };

  onMount($group, () => {
    if (typeof window === 'undefined') return;
    void reload();
    let wasConnected = false;
    const stopStatus = $liveStatus.subscribe((status) => {
      if (status === 'connected' && !wasConnected && $group.get().kind === 'ready') void reload();
      wasConnected = status === 'connected';
    });
    const stopEvents = onLiveEvent((event) => {
      if (event.type === 'fax.updated' && event.fax.broadcastId === broadcastId) show([event.fax]);
    });
    return () => {
      stopStatus();
      stopEvents();
    };
  });

  return { $group, reload, show };
}
