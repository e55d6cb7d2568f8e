import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { FaxDetails, FaxView } from '../common/faxes';
import { api, call } from '../lib/api';
import { addsTimelineEntry } from './fax-status-rules';
import { onLiveEvent } from './live';
import { reloadOnLaterMiss, reloadWhenMissed } from './live-resync';

// One fax with its timeline, for /faxDetails/{faxId} and /preview?faxId=. It starts from the fax
// the server rendered the page with (or its "not found"). A pushed `fax.updated` for it is applied
// at once; the timeline, which the push does not carry, is read again only when the fax changed
// step, and the whole fax when the page may have missed a push (./live-resync).

export type FaxDetailsState =
  | { kind: 'loading' }
  | { kind: 'ready'; details: FaxDetails }
  /** Not known to the server (spec §2): the page leaves. */
  | { kind: 'missing' }
  | { kind: 'failed'; reason: string };

export interface FaxDetailsWatch {
  $details: ReadableAtom<FaxDetailsState>;
  /** Reads the fax again (after a failed read). */
  reload: () => Promise<void>;
  /** Shows a newer version of the fax that an action answered (its push follows). */
  show: (fax: FaxView) => void;
}

/** The fax as its page was rendered: the server's answer (null: not found), or loading when it read none. */
function renderedDetails(rendered: { details: FaxDetails | null } | null): FaxDetailsState {
  if (!rendered) return { kind: 'loading' };
  return rendered.details ? { kind: 'ready', details: rendered.details } : { kind: 'missing' };
}

/**
 * A store following one fax while a component listens, starting from what the page was rendered
 * with (`rendered`; null when the page came without it). One per island: it may start filled on
 * the server too, where no other request sees it.
 */
export function faxDetailsStore(faxId: string, rendered: { details: FaxDetails | null } | null): FaxDetailsWatch {
  const $details = atom<FaxDetailsState>(renderedDetails(rendered));

  const read = async (): Promise<void> => {
    const result = await call(api.faxes[':faxId'].$get({ param: { faxId: encodeURIComponent(faxId) } }));
    const current = $details.get();
    if (result.ok) {
      // A slower answer must not undo a newer pushed fax; its timeline is still the newest read.
      const fax = current.kind === 'ready' && current.details.fax.updated > result.data.fax.updated ? current.details.fax : result.data.fax;
      $details.set({ kind: 'ready', details: { fax, timeline: result.data.timeline } });
    } else if (result.status === 404 || result.status === 400) {
      // 400: the id is not even the shape of a fax id, so no fax has it.
      $details.set({ kind: 'missing' });
    } else if (current.kind !== 'ready') {
      $details.set({ kind: 'failed', reason: result.message });
    }
  };

  onMount($details, () => {
    if (typeof window === 'undefined') return;
    const start = $details.get().kind;
    // A fax the server did not find stays unknown: its page leaves.
    if (start === 'loading') void read();
    const stopResync = start === 'loading' ? reloadOnLaterMiss(read) : start === 'ready' ? reloadWhenMissed(read) : () => undefined;
    const stopEvents = onLiveEvent((event) => {
      // A contact added, renamed or removed may name the other party differently.
      if (event.type === 'contacts.updated' && $details.get().kind === 'ready') return void read();
      if (event.type !== 'fax.updated' || event.fax.id !== faxId) return;
      const current = $details.get();
      if (current.kind !== 'ready') return void read();
      if (current.details.fax.updated > event.fax.updated) return; // an older push than what is shown
      $details.set({ kind: 'ready', details: { ...current.details, fax: event.fax } });
      // The row carries everything but the timeline, which grows only when the fax changes step
      // (status, attempt, retry, refund): page-by-page progress needs no read.
      if (addsTimelineEntry(current.details.fax, event.fax)) void read();
    });
    return () => {
      stopResync();
      stopEvents();
    };
  });

  const show = (fax: FaxView): void => {
    const current = $details.get();
    if (current.kind === 'ready' && current.details.fax.id === fax.id && current.details.fax.updated <= fax.updated) {
      $details.set({ kind: 'ready', details: { ...current.details, fax } });
    }
  };

  return { $details, reload: read, show };
}

/** The pages that leave for a missing fax: /faxDetails/{faxId}, and /preview?faxId= for a received one. */
const FAX_DETAILS_PAGE = /^\/faxDetails(\/|$)/;
export const FAX_PREVIEW_PAGE = /^\/preview\/?$/;

/**
 * Spec §2: back to the previous page, unless there is none on this site or it was also a page of
 * the same kind (`samePage`: it would leave again); then to the dashboard (replacing this entry,
 * so Back does not return here).
 */
export function leaveMissingFax(samePage: RegExp = FAX_DETAILS_PAGE): void {
  let previous: URL | null = null;
  try {
    previous = document.referrer ? new URL(document.referrer) : null;
  } catch {
    previous = null;
  }
  const sameSite = previous !== null && previous.origin === window.location.origin;
  const wasSamePage = previous !== null && samePage.test(previous.pathname);
  if (!sameSite || wasSamePage || window.history.length < 2) {
    window.location.replace('/dashboard');
    return;
  }
  window.history.back();
  // A tab opened from a link has a referrer but nothing to go back to: then Back does nothing.
  setTimeout(() => window.location.replace('/dashboard'), 1_000);
}
