import type { MiddlewareHandler } from 'hono';

/** Read and dropped at most this much: a bigger unread body is cancelled, closing the connection. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Every answer leaves no request body half-read (tests/bench/early-refusals.mjs): a refusal sent before the
 * body was read (403 cross-origin, 401, 413, 429…) left the connection mid-request, and wrangler's
 * local proxy then answered the next request 500 ("Network connection lost"). An unread body of
 * ordinary size is read to its end and dropped, so the connection stays usable; past 1 MiB it is
 * cancelled instead, so an early refusal never costs the time of a large upload.
 */
export const releaseUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const body = c.req.raw.body;
  if (!body || c.req.raw.bodyUsed || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing is left to release.
  }
};
