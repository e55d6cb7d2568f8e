import { sleep } from './wait';

/**
 * Abuse limits count in fixed windows aligned to the epoch. A test that makes N attempts and
 * expects the (N+1)th to be refused would see the count start again if a window ended half-way;
 * this waits for the next window when less than `neededMs` is left of the current one.
 */
export async function awaitRoomInWindow(windowMs: number, neededMs = 20_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await sleep(left + 50);
}

/** The Retry-After of a 429 as a number of seconds; throws when it is missing or not a whole number. */
export function retryAfterSeconds(response: Response): number {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value)) throw new Error(`Retry-After is not a number of seconds: ${value}`);
  return Number(value);
}
