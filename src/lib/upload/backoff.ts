// When to try a failed storage request again (spec §8, §9): 5xx, 408, 429 and network failures
// are retried with exponential backoff and jitter, or after the server's Retry-After; uploads give
// up after 10 minutes of failing. The spec's 2 minutes for other storage operations has no use
// here: every request this client retries belongs to an upload (steps.ts).

export const UPLOAD_RETRY_LIMIT_MS = 10 * 60 * 1000;

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 64 * 1000;
const JITTER_MS = 1000;

/** Status 0 stands for a request that got no answer at all. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Wait before retry number `attempt` (1 for the first retry): 1 s doubling to 64 s, plus up to 1 s of jitter. */
export function backoffDelayMs(attempt: number, random: number): number {
  const base = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, attempt - 1));
  return base + Math.floor(random * JITTER_MS);
}

/** Retry-After in milliseconds (delay seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The server's Retry-After when it gave one, else our backoff. */
export function retryDelayMs(attempt: number, retryAfter: number | null, random: number): number {
  return retryAfter ?? backoffDelayMs(attempt, random);
}
