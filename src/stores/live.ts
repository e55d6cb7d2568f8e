import { atom, onMount } from 'nanostores';
import { LIVE_CLOSE_SESSION_ENDED, LIVE_PING, LIVE_PONG, type LiveEvent, readLiveEvent } from '../common/live-messages';
import { freshEvents } from '../common/session-timing';
import { isSessionEnding } from '../lib/api';
import { noteLiveHello, noteLiveOpen, reloadWhenMissed } from './live-resync';
import { revalidateOnReturn, verifyAuth } from './session';
import { onTeardown, USER_STORAGE_PREFIX } from './teardown';

// One WebSocket per page to the user's hub. It opens when a component first listens to $liveStatus
// and closes when the last one stops. After a drop it reconnects with backoff; every (re)connect
// starts with verifyAuth, which both re-reads the user and yields the token that opens the socket.

export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export const $liveStatus = atom<LiveStatus>('connecting');

/** Where this tab keeps the events it was told of, for the next page (cleared at sign-out). */
const EVENTS_KEY = `${USER_STORAGE_PREFIX}liveEvents`;

/** The events this tab was told of in the last 10 minutes (spec §9 auth event cache). */
function keptEvents(): LiveEvent[] {
  if (typeof sessionStorage === 'undefined') return [];
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(EVENTS_KEY) ?? '[]');
    const events = Array.isArray(kept) ? kept.map(readLiveEvent) : [];
    return events.every((event): event is LiveEvent => event !== null) ? freshEvents(events, Date.now()) : [];
  } catch {
    return [];
  }
}

function keepEvents(events: LiveEvent[]): void {
  try {
    sessionStorage.setItem(EVENTS_KEY, JSON.stringify(freshEvents(events, Date.now())));
  } catch {
    // Storage full or refused (private mode): the feed only forgets sooner.
  }
}

/** Events received on this page and, once restored, within 10 minutes on the pages before it in this tab; newest first. */
export const $liveEvents = atom<LiveEvent[]>([]);

/**
 * Brings back the events this tab was told of on its earlier pages (spec §9 auth event cache).
 * Called once the feed has hydrated: the server rendered it without them.
 */
export function restoreKeptEvents(): void {
  const shown = $liveEvents.get();
  const kept = keptEvents().filter((event) => !shown.some((s) => s.type === event.type && s.at === event.at));
  if (kept.length > 0) $liveEvents.set([...shown, ...kept].sort((a, b) => b.at - a.at).slice(0, MAX_EVENTS_KEPT));
}

const MAX_EVENTS_KEPT = 50;
const HEARTBEAT_MS = 25_000;
const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 20_000, 30_000];

onTeardown(() => $liveEvents.set([]));

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Runs `listener` for every live event until the returned function is called. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * How a store that shows what the page was rendered with stays true: `listener` takes every live
 * event, and `reload` reads again whenever the page may have missed one (live-resync.ts). Answers
 * the way to stop both.
 */
export function followLive(reload: () => unknown, listener: Listener): () => void {
  const stopResync = reloadWhenMissed(reload);
  const stopEvents = onLiveEvent(listener);
  return () => {
    stopResync();
    stopEvents();
  };
}

function receive(raw: unknown): void {
  if (raw === LIVE_PONG || typeof raw !== 'string') return;
  let event: LiveEvent | null;
  try {
    event = readLiveEvent(JSON.parse(raw));
  } catch {
    return;
  }
  if (!event) return; // a newer server's event this page does not know yet
  $liveEvents.set([event, ...$liveEvents.get()].slice(0, MAX_EVENTS_KEPT));
  keepEvents($liveEvents.get());
  for (const listener of listeners) listener(event);
}

onMount($liveStatus, () => {
  // Islands also render on the server, where there is nothing to connect.
  if (typeof window === 'undefined') return;
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  // A page signing out (everywhere: the server closes this socket too) does not connect again:
  // its verifyAuth or its socket would only be refused, each a failed request in the console.
  const scheduleReconnect = (): void => {
    if (stopped || isSessionEnding()) return;
    $liveStatus.set(navigator.onLine ? 'reconnecting' : 'offline');
    const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => void connect(), delay * (0.75 + Math.random() * 0.5));
  };

  const connect = async (): Promise<void> => {
    if (isSessionEnding()) return;
    const auth = await verifyAuth();
    if (stopped || isSessionEnding()) return;
    if (!auth) return scheduleReconnect();
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}/api/live?token=${encodeURIComponent(auth.customToken)}`);
    socket = ws;
    ws.addEventListener('open', () => {
      attempt = 0;
      noteLiveOpen();
      $liveStatus.set('connected');
      heartbeat = setInterval(() => ws.send(LIVE_PING), HEARTBEAT_MS);
    });
    ws.addEventListener('message', (event) => {
      if (!noteLiveHello(event.data)) receive(event.data);
    });
    ws.addEventListener('close', (event) => {
      clearInterval(heartbeat);
      if (socket !== ws) return;
      socket = null;
      // The session behind the socket ended. If this browser still has one (it changed the password
      // and got a new session) the reconnect succeeds; if not, its verifyAuth sends the page to /login.
      if (event.code === LIVE_CLOSE_SESSION_ENDED) attempt = 0;
      scheduleReconnect();
    });
  };

  const onOnline = (): void => {
    if (!socket && !stopped) {
      clearTimeout(retry);
      attempt = 0;
      void connect();
    }
  };
  window.addEventListener('online', onOnline);
  // Every signed-in page shows the live indicator, so this is also where the session is watched.
  const stopRevalidating = revalidateOnReturn();
  $liveStatus.set('connecting');
  void connect();

  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    window.removeEventListener('online', onOnline);
    stopRevalidating();
    socket?.close(1000, 'Page closed');
    socket = null;
  };
});
