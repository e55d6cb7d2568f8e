import { readConfig } from '../env';

// Locally (npm start, npm run dev) the R2 stand-in runs inside the Worker's own workerd, on its one
// thread, and talks to the Worker in memory, never through a socket. Moving 50 MB into or out of it
// is then one unbroken chain of work that never leaves workerd idle, and workerd only looks for
// new requests when it is idle: every other request waited the whole copy, upload part or read
// (decisions 041, 054). Deployed, R2 is another machine and every piece is a network wait, so
// nothing is stepped there.

/** How much a local read or write moves before it lets workerd look for other requests. */
export const STEP_BYTES = 256 * 1024;

/** Whether reads and writes of R2 go in steps: only where the R2 stand-in shares the Worker's thread. */
export function stepsLocally(env: Env): boolean {
  return readConfig(env).APP_ENV === 'development';
}

/** Waits on a timer: workerd runs timers only once it has looked for I/O, other requests included. */
export function waitForOthers(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1));
}

/** Ranges of at most STEP_BYTES covering [offset, offset + length), in order. */
export function* stepRanges(offset: number, length: number): Generator<R2Range & { length: number }> {
  for (let at = offset; at < offset + length; at += STEP_BYTES) yield { offset: at, length: Math.min(STEP_BYTES, offset + length - at) };
}

/**
 * Counts bytes handed to the R2 stand-in from memory and waits for others after every STEP_BYTES:
 * `passed(n)` after each piece. Deployed, it never waits.
 */
export function localPacer(env: Env): (bytes: number) => Promise<void> | undefined {
  if (!stepsLocally(env)) return () => undefined;
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < STEP_BYTES) return undefined;
    since = 0;
    return waitForOthers();
  };
}

/**
 * Writes bytes [offset, offset + length) of the object at `key` into `writable`, left open, one
 * ranged read of STEP_BYTES at a time with a wait for others after each. Each piece is piped from
 * R2's stream to the writable by workerd itself: no JavaScript runs per chunk. With `etag`, every
 * piece is of that object: a replaced object fails rather than mixes two. False when the object
 * went away (or changed) part-way.
 */
export async function feedInSteps(
  env: Env,
  key: string,
  range: { offset: number; length: number },
  etag: string | null,
  writable: WritableStream<Uint8Array>,
): Promise<boolean> {
  for (const step of stepRanges(range.offset, range.length)) {
    const piece = await env.DOCUMENTS.get(key, { range: step, ...(etag ? { onlyIf: { etagMatches: etag } } : {}) });
    if (!piece || !('body' in piece)) return false;
    await piece.body.pipeTo(writable, { preventClose: true });
    await waitForOthers();
  }
  return true;
}
