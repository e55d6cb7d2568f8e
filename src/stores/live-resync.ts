import { LIVE_HELLO_PREFIX } from '../common/live-messages';

// What a page rendered on the server may have missed before its live socket opened (decision 033).
// The page is rendered with the hub's mark (how many pushes it had made: the layout's
// <meta name="live-mark">), and every socket's first frame says where the pushes stand. A store
// that shows rendered data reads again only when they differ on the first connection (a push came
// in between, which this page never got), and after every reconnect (pushes may have come while
// the socket was down). A page whose pushes all came after its socket opened reads nothing twice.
// A reconnect is known when the new socket opens, without waiting for its first frame: on a loaded
// local stack that frame could come late or not at all, and the page then never read again.

let opened = 0;
/** The page knows that what it was rendered with may have changed since. */
let stale = false;
const listeners = new Set<() => void>();

/** The mark the page was rendered at, or null (a page rendered for no user has none). */
function renderedMark(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="live-mark"]')?.content ?? null;
}

function markStale(): void {
  stale = true;
  for (const listener of listeners) listener();
}

/** A live socket has opened (src/stores/live.ts): every one after the first is a reconnect. */
export function noteLiveOpen(): void {
  opened += 1;
  if (opened > 1) markStale();
}

/** Takes a socket's first frame (src/stores/live.ts); answers false for any other frame. */
export function noteLiveHello(frame: unknown): boolean {
  if (typeof frame !== 'string' || !frame.startsWith(LIVE_HELLO_PREFIX)) return false;
  // After a reconnect the page has read again already (noteLiveOpen).
  if (opened <= 1 && frame.slice(LIVE_HELLO_PREFIX.length) !== renderedMark()) markStale();
  return true;
}

/**
 * For a store that shows what the page was rendered with and follows pushed changes on its own:
 * calls `reload` whenever the page may have missed a push, and at once when it already knows it
 * has (the island hydrated after the socket's first frame). Answers the way to stop.
 */
export function reloadWhenMissed(reload: () => unknown): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (): void => void reload();
  listeners.add(listener);
  if (stale) listener();
  return () => listeners.delete(listener);
}

/**
 * For a store that read its data itself after the page loaded: calls `reload` after each later
 * sign that pushes may have been missed, never for what it already knows. Answers the way to stop.
 */
export function reloadOnLaterMiss(reload: () => unknown): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (): void => void reload();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Starts a store as its page hydrates: from what the page was rendered with (`seed` shows it, and
 * `load` reads again only when a push may have been missed), or, with nothing rendered, by
 * `load`ing now and after each later miss. Answers the way to stop following misses.
 */
export function startFromRendered<T>(rendered: T | null, seed: (rendered: T) => void, load: () => unknown): () => void {
  if (rendered !== null) {
    seed(rendered);
    return reloadWhenMissed(load);
  }
  void load();
  return reloadOnLaterMiss(load);
}
