import type { Context } from 'hono';
import { t } from '../../src/i18n/t';
import { sha256Hex } from '../crypto/tokens';
import { getDb } from '../db/client';
import { countHit, readHits } from '../db/queries/rate-limits';
import { RATE_LIMITS, type RateLimitName, secondsUntilRoom, slidingHits, windowStart } from '../domain/rate-limits';
import { readConfig } from '../env';
import { ApiError } from './api-error';

/** The caller's address as Cloudflare reports it (a client cannot set this header through Cloudflare). */
export function clientIp(c: Context): string {
  return c.req.header('cf-connecting-ip') ?? 'unknown';
}

/**
 * Counts one attempt against a limit and answers 429 with Retry-After once it is exceeded (over the
 * last window's length, decision 051).
 * Keys are hashed so the table holds no e-mail addresses.
 */
export async function enforceRateLimit(c: Context, name: RateLimitName, subject: string): Promise<void> {
  const retryAfter = await countAgainstLimit(c.env, name, subject);
  if (retryAfter !== null) throw new ApiError(429, 'RATE_LIMITED', undefined, { 'Retry-After': String(retryAfter) });
}

/**
 * Counts one attempt against a limit; answers the seconds until there is room again once the
 * limit is passed, else null. For work that no request carries (mail to a fax address).
 */
export async function countAgainstLimit(env: Env, name: RateLimitName, subject: string): Promise<number | null> {
  const { windowMs } = RATE_LIMITS[name];
  const limit = RATE_LIMITS[name].limit * readConfig(env).RATE_LIMIT_MULTIPLIER;
  const now = Date.now();
  const start = windowStart(now, windowMs);
  const hits = await countHit(getDb(env), await keyOf(name, subject), start, windowMs);
  return slidingHits(hits, start, windowMs, now) > limit ? secondsUntilRoom(hits, limit, start, windowMs, now) : null;
}

async function keyOf(name: RateLimitName, subject: string): Promise<string> {
  return `${name}:${await sha256Hex(subject)}`;
}

/**
 * For limits that count failures only (wrong passwords): 429 with Retry-After when the failures
 * already counted reach the limit; counts nothing itself (countFailure does, once the attempt failed).
 * RATE_LIMIT_MULTIPLIER leaves these as they are: it exists because a local run's requests all
 * come from one address, while these count one account's wrong passwords, which no test makes by
 * accident, so the browser tests meet the lock-out (and the way out of it) at its real figure.
 */
export async function refuseWhenFailuresReached(
  c: Context,
  name: RateLimitName,
  subject: string,
  message = t('api.tooManyWrongPasswords'),
): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS[name];
  const now = Date.now();
  const start = windowStart(now, windowMs);
  const hits = await readHits(getDb(c.env), await keyOf(name, subject), start, windowMs);
  if (slidingHits(hits, start, windowMs, now) >= limit) {
    throw new ApiError(429, 'RATE_LIMITED', message, {
      'Retry-After': String(secondsUntilRoom(hits, limit, start, windowMs, now)),
    });
  }
}

/** Counts one failed attempt against a failures-only limit. */
export async function countFailure(c: Context, name: RateLimitName, subject: string): Promise<void> {
  const { windowMs } = RATE_LIMITS[name];
  await countHit(getDb(c.env), await keyOf(name, subject), windowStart(Date.now(), windowMs), windowMs);
}
