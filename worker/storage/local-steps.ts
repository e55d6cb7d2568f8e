import { readConfig } from '../env';

// Locally (npm start, npm run dev) the R2 stand-in runs inside the Worker's own workerd, on its one
// thread, and talks to the Worker in memory, never through a socket. A 50 MB copy is then one
// unbroken chain of work that never leaves workerd idle, and workerd only looks for new requests
// when it is idle: every other request waited the whole copy (decision 041). Deployed, R2 is
// another machine and every piece is a network wait, so nothing is stepped there.

/** How much a local copy moves before it lets workerd look for other requests. */
const STEP_BYTES = 1024 * 1024;

/** Whether copies go in steps: only where the R2 stand-in shares the Worker's thread. */
export function copiesInSteps(env: Env): boolean {
  return readConfig(env).APP_ENV === 'development';
}

/** Waits on a timer: workerd runs timers only once it has looked for I/O, other requests included. */
export function waitForOthers(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1));
}

/**
 * Writes the object `source` (at `key`) into `writable`, left open, one ranged read of STEP_BYTES
 * at a time with a wait for others after each. Each piece is piped from R2's stream to the
 * writable by workerd itself: no JavaScript runs per chunk.
 */
export async function feedInSteps(env: Env, key: string, source: R2Object, writable: WritableStream<Uint8Array>): Promise<void> {
  for (let offset = 0; offset < source.size; offset += STEP_BYTES) {
    const range = { offset, length: Math.min(STEP_BYTES, source.size - offset) };
    // Every piece is of the object first seen: a replaced object fails rather than mixes two.
    const piece = await env.DOCUMENTS.get(key, { range, onlyIf: { etagMatches: source.etag } });
    if (!piece || !('body' in piece)) throw new Error(`R2 object ${key} changed or went away while it was copied`);
    await piece.body.pipeTo(writable, { preventClose: true });
    await waitForOthers();
  }
}
