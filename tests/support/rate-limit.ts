import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { sha256Hex } from '../../worker/crypto/tokens';
import { RATE_LIMITS, type RateLimitName } from '../../worker/domain/rate-limits';
import { errorCode } from './client';
import { sleep } from './wait';

/**
 * Abuse limits count in two fixed windows aligned to the epoch, the last one's attempts fading as it
 * slides out of reach (decision 051). A test that makes N attempts and expects the (N+1)th to be
 * refused could see one of them fade if a window ended half-way through a slow run; this waits for
 * the next window when less than `neededMs` is left of the current one, so all count whole.
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

/**
 * A Retry-After for a limit of `windowMs`: at least 1 s, and within two windows, since attempts
 * made in a burst are reckoned as spread over their window until it has slid by (decision 051).
 */
export function expectRetryAfterWithin(response: Response, windowMs: number): void {
  const retryAfter = retryAfterSeconds(response);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual((2 * windowMs) / 1000);
}

/** The refusal every abuse limit answers: 429 RATE_LIMITED with a Retry-After. */
export async function expectRateLimited(response: Response, windowMs: number): Promise<void> {
  expect(response.status).toBe(429);
  expect(await errorCode(response)).toBe('RATE_LIMITED');
  expectRetryAfterWithin(response, windowMs);
}

/**
 * Moves a limit's counts for `subject` back by `ms`: by default two windows, as if its attempts
 * were all a window old.
 */
export async function letWindowPass(name: RateLimitName, subject: string, ms = 2 * RATE_LIMITS[name].windowMs): Promise<void> {
  await env.DB.prepare('UPDATE rate_limits SET window_start = window_start - ? WHERE key = ?')
    .bind(ms, `${name}:${await sha256Hex(subject)}`)
    .run();
}
