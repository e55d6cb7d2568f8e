import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { FaxView } from '../common/faxes';
import type { BroadcastView } from '../common/send-many';
import { api, call } from '../lib/api';
import { newerRows } from './fax-rows';
import { onLiveEvent } from './live';
import { reloadOnLaterMiss, reloadWhenMissed } from './live-resync';

// One send to many numbers (decision 025, /broadcast/{id}): every recipient's fax, live, starting from
// the group the server rendered the page with. A pushed fax.updated of one of them replaces its row
// (never with an older version); the group is read again when the page may have missed a push
// (./live-resync).

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

/** The group as its page was rendered: the server's answer (null: not found), or loading when it read none. */
function renderedGroup(rendered: { broadcast: BroadcastView | null } | null): BroadcastState {
  if (!rendered) return { kind: 'loading' };
  return rendered.broadcast ? { kind: 'ready', faxes: rendered.broadcast.faxes } : { kind: 'missing' };
}

/** One per island, starting from what the page was rendered with (`rendered`; null when it came without). */
export function broadcastStore(broadcastId: string, rendered: { broadcast: BroadcastView | null } | null): BroadcastWatch {
  const $group = atom<BroadcastState>(renderedGroup(rendered));

  const reload = async (): Promise<void> => {
    const result = await call(api.broadcasts[':broadcastId'].$get({ param: { broadcastId } }));
    const current = $group.get();
    if (result.ok)
      $group.set({ kind: 'ready', faxes: current.kind === 'ready' ? newerRows(current.faxes, result.data.faxes) : result.data.faxes });
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
    const start = $group.get().kind;
    if (start === 'loading') void reload();
    const stopResync = start === 'loading' ? reloadOnLaterMiss(reload) : start === 'ready' ? reloadWhenMissed(reload) : () => undefined;
    const stopEvents = onLiveEvent((event) => {
      if (event.type === 'fax.updated' && event.fax.broadcastId === broadcastId) show([event.fax]);
    });
    return () => {
      stopResync();
      stopEvents();
    };
  });

  return { $group, reload, show };
}
