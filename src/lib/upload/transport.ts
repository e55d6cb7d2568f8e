import { isRetryableStatus, retryAfterMs, retryDelayMs } from './backoff';
import { retryLimitError } from './storage-error';

// How the upload client reaches the API. Everything it needs from the outside (fetch, timers,
// clock, randomness) comes in here, so tests can run it against the real Worker with a fake clock.

export interface UploadDeps {
  /** Prefix of every call, e.g. "/api". */
  apiBase: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Resolves after `ms`, or rejects with AbortedError once `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  random: () => number;
}

/** The task was paused or canceled while a request or a wait was under way. */
export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortedError';
  }
}

/** One request; null when it got no answer (network failure). */
export async function send(deps: UploadDeps, path: string, init: RequestInit, signal: AbortSignal): Promise<Response | null> {
  if (signal.aborted) throw new AbortedError();
  try {
    return await deps.fetch(deps.apiBase + path, { ...init, signal });
  } catch {
    if (signal.aborted) throw new AbortedError();
    return null;
  }
}

/** Waits before retry number `attempt`, or throws retry-limit-exceeded when that would pass `deadline`. */
export async function waitToRetry(
  deps: UploadDeps,
  response: Response | null,
  attempt: number,
  deadline: number,
  signal: AbortSignal,
): Promise<void> {
  const delay = retryDelayMs(attempt, retryAfterMs(response?.headers.get('retry-after') ?? null, deps.now()), deps.random());
  if (deps.now() + delay > deadline) throw retryLimitError(response?.status ?? 0);
  await deps.sleep(delay, signal);
}

/**
 * The first answer that is not worth retrying (success or a refusal), retrying 5xx, 408, 429 and
 * network failures for at most `limitMs`.
 */
export async function sendWithRetry(
  deps: UploadDeps,
  path: string,
  init: RequestInit,
  limitMs: number,
  signal: AbortSignal,
): Promise<Response> {
  const deadline = deps.now() + limitMs;
  for (let attempt = 1; ; attempt++) {
    const response = await send(deps, path, init, signal);
    if (response && !isRetryableStatus(response.status)) return response;
    await waitToRetry(deps, response, attempt, deadline, signal);
  }
}

/** The JSON body of an answer, or null when it has none. */
export async function readJson(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}
