// The public API's limits (decision 046), as rules with no I/O.

/** Calls a key may make per window, counted exactly in the owner's Durable Object. */
export const API_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;

/** How long an Idempotency-Key's answer is kept and replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
  /** Set when the call is over the limit. */
  retryAfter: number | null;
}

/** Where a key stands after its `count`th call in the window starting at `windowStart`. */
export function rateLimitState(count: number, windowStart: number, now: number, limit: number, windowMs: number): RateLimitState {
  const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  return { limit, remaining: Math.max(0, limit - count), resetSeconds, retryAfter: count > limit ? resetSeconds : null };
}

/**
 * A claim with no answer after this long was left by a request that died mid-way (its Worker was
 * stopped): the next request with the key takes it over instead of hearing 409 for a day.
 */
export const IDEMPOTENCY_IN_FLIGHT_MS = 2 * 60_000;

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' }
  | { kind: 'replay'; status: number; contentType: string; body: string };

/** An Idempotency-Key as the IETF draft allows it: 1 to 255 printable ASCII characters. */
export function isIdempotencyKey(value: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(value);
}
