import { expect } from 'vitest';
import { errorCode } from './client';
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

/**
 * Hands out network addresses under `prefix` (e.g. `198.18`) that no earlier call gave: each test
 * file takes its own prefix, so its per-address counts are its own.
 */
export function addressSource(prefix: string): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
  };
}

/** Request options that name the caller's address, as Cloudflare does. */
export function from(ip: string): { headers: Record<string, string> } {
  return { headers: { 'cf-connecting-ip': ip } };
}

/** The refusal every abuse limit answers: 429 RATE_LIMITED with a Retry-After within the window. */
export async function expectRateLimited(response: Response, windowMs: number): Promise<void> {
  expect(response.status).toBe(429);
  expect(await errorCode(response)).toBe('RATE_LIMITED');
  const retryAfter = retryAfterSeconds(response);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}
