import * as apiStore from '../db/store/api-calls';
import {
  API_RATE_LIMIT,
  IDEMPOTENCY_IN_FLIGHT_MS,
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyClaim,
  type RateLimitState,
  rateLimitState,
} from '../domain/api-limits';
import { windowStart } from '../domain/rate-limits';
import { type StoreRoom, watchOpenFaxes } from './room';

// The public API in the key owner's object (decision 046): its calls counted per key, and its
// Idempotency-Keys claimed. The object runs one call at a time, so a count is exact and of two
// requests with one key exactly one claims it.

export const apiCallMethods = {
  /** Counts one call of the key; answers where the key stands (over the limit: `retryAfter` set). */
  async countApiCall(
    this: StoreRoom,
    userId: string,
    keyId: string,
    now: number,
    limit: number = API_RATE_LIMIT.limit,
  ): Promise<RateLimitState> {
    await this.ready(userId);
    const start = windowStart(now, API_RATE_LIMIT.windowMs);
    const count = apiStore.countApiCall(this.store, keyId, start);
    if (count === 1) await watchOpenFaxes(this);
    return rateLimitState(count, start, now, limit, API_RATE_LIMIT.windowMs);
  },

  /**
   * Claims the key for a request with this fingerprint: `claimed` (go on, then save or release),
   * `replay` (its answer), `in-flight` (the first is still running) or `mismatch` (another request).
   */
  async claimIdempotencyKey(this: StoreRoom, userId: string, id: string, fingerprint: string, now: number): Promise<IdempotencyClaim> {
    await this.ready(userId);
    const row = apiStore.findIdempotencyKey(this.store, id);
    if (row && row.created <= now - IDEMPOTENCY_WINDOW_MS) apiStore.deleteIdempotencyKey(this.store, id);
    else if (row) {
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      const answered = row.status !== null && row.body !== null && row.contentType !== null;
      if (answered) return { kind: 'replay', status: row.status!, contentType: row.contentType!, body: row.body! };
      if (row.created > now - IDEMPOTENCY_IN_FLIGHT_MS) return { kind: 'in-flight' };
      // Abandoned by a request that never finished: this one runs in its place.
      apiStore.deleteIdempotencyKey(this.store, id);
    }
    apiStore.insertIdempotencyKey(this.store, id, fingerprint, now);
    await watchOpenFaxes(this);
    return { kind: 'claimed' };
  },

  async saveIdempotentAnswer(
    this: StoreRoom,
    userId: string,
    id: string,
    status: number,
    contentType: string,
    body: string,
  ): Promise<void> {
    await this.ready(userId);
    apiStore.saveIdempotentAnswer(this.store, id, status, contentType, body);
  },

  /** The request failed on our side (no answer to keep): a retry with the key runs it again. */
  async releaseIdempotencyKey(this: StoreRoom, userId: string, id: string): Promise<void> {
    await this.ready(userId);
    apiStore.deleteIdempotencyKey(this.store, id);
  },
};

export type ApiCallMethods = typeof apiCallMethods;

/** The alarm's part: claims past the window and counts of ended windows are forgotten. */
export function pruneApiRecords(room: StoreRoom, now: number): void {
  apiStore.pruneApiRecords(room.store, now - IDEMPOTENCY_WINDOW_MS, windowStart(now, API_RATE_LIMIT.windowMs));
}
