import { readConfig } from '../env';

// Locally (npm start, npm run dev) the R2 stand-in runs inside the Worker's own workerd, on its one
// thread, and talks to the Worker in memory, never through a socket. A 50 MB copy is then one
// unbroken chain of work that never leaves workerd idle, and workerd only looks for new requests
// when it is idle: every other request waited the whole copy (decision 041). Deployed, R2 is
// another machine and every piece is a network wait, so nothing is paced there.

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

/** `body` passed on unchanged, with a wait for others after every STEP_BYTES. */
export function inSteps(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let sinceWait = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(piece, controller) {
        controller.enqueue(piece);
        sinceWait += piece.byteLength;
        if (sinceWait >= STEP_BYTES) {
          sinceWait = 0;
          await waitForOthers();
        }
      },
    }),
  );
}
