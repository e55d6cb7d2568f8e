import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { AccountJobStatus } from '../common/account-deletion';
import { LIVE_PING, LIVE_PONG, type LiveEvent, readLiveEvent } from '../common/live-messages';
import { api, call } from '../lib/api';

// The deletion page's view of its job. The job's channel (/api/live/job) pushes every change; on
// every (re)connect the page re-reads the status, and while the socket is down it polls instead,
// so a missed event or a blocked WebSocket never leaves the page wrong. Watching ends when the
// job is done (or does not exist).

export interface JobWatch {
  job: AccountJobStatus | null;
  /** The server does not know this job. */
  missing: boolean;
}

const HEARTBEAT_MS = 25_000;
const POLL_MS = 2_000;
const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 20_000, 30_000];

/** Keeps the newest state: a slow status answer must not undo a newer pushed event. */
function apply($watch: WritableAtom<JobWatch>, next: AccountJobStatus): void {
  const current = $watch.get().job;
  if (current && (current.state === 'done' || current.updatedAt > next.updatedAt)) return;
  $watch.set({ job: next, missing: false });
}

/** A store watching one deletion job; its connection is open while a component listens. */
export function deletionJobStore(jobId: string): ReadableAtom<JobWatch> {
  const $watch = atom<JobWatch>({ job: null, missing: false });

  onMount($watch, () => {
    if (typeof window === 'undefined') return;
    let socket: WebSocket | null = null;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const finished = (): boolean => $watch.get().missing || $watch.get().job?.state === 'done';

    const stop = (): void => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      clearInterval(poll);
      socket?.close(1000, 'Done watching');
      socket = null;
    };

    const refresh = async (): Promise<void> => {
      const result = await call(api.accountJobStatus.$get({ query: { jobId } }));
      if (stopped) return;
      if (result.ok) apply($watch, result.data);
      else if (result.status === 404) $watch.set({ job: null, missing: true });
      if (finished()) stop();
    };

    const startPolling = (): void => {
      if (poll === undefined) poll = setInterval(() => void refresh(), POLL_MS);
    };
    const stopPolling = (): void => {
      clearInterval(poll);
      poll = undefined;
    };

    const connect = (): void => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${window.location.host}/api/live/job?jobId=${encodeURIComponent(jobId)}`);
      socket = ws;
      ws.addEventListener('open', () => {
        attempt = 0;
        stopPolling();
        heartbeat = setInterval(() => ws.send(LIVE_PING), HEARTBEAT_MS);
        void refresh(); // whatever changed while it was not connected
      });
      ws.addEventListener('message', (event) => {
        if (event.data === LIVE_PONG || typeof event.data !== 'string') return;
        let pushed: LiveEvent | null;
        try {
          pushed = readLiveEvent(JSON.parse(event.data));
        } catch {
          return;
        }
        if (pushed?.type !== 'job.updated' || pushed.jobId !== jobId) return;
        const { state, progress, step, error, at } = pushed;
        apply($watch, { id: jobId, state, progress, step, error, updatedAt: at });
        if (finished()) stop();
      });
      ws.addEventListener('close', () => {
        clearInterval(heartbeat);
        if (socket !== ws || stopped) return;
        socket = null;
        // The socket could not open or dropped: poll until it is back.
        startPolling();
        const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
        attempt += 1;
        retry = setTimeout(connect, delay * (0.75 + Math.random() * 0.5));
      });
    };

    // The first read says whether there is anything to follow at all (a done or unknown job has
    // nothing more to say), so no socket is opened for nothing.
    void refresh().then(() => {
      if (!stopped) connect();
    });
    return stop;
  });

  return $watch;
}

/** Asks the server to run a failed deletion again; null when it could not be asked. */
export async function retryDeletion(jobId: string): Promise<AccountJobStatus | null> {
  const result = await call(api.retryAccountJob.$post({ json: { jobId } }));
  return result.ok ? result.data : null;
}
