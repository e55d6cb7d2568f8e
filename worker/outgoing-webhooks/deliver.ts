import { webhookHeaders } from '../crypto/standard-webhooks';
import type { ClaimedDelivery } from '../db/store/webhooks';
import { isDelivered, retryPauseSeconds } from '../domain/webhook-events';
import type { AppConfig } from '../env';
import type { FinishedAttempt } from '../user-store/outgoing-webhooks';
import { checkWebhookTarget } from './resolve';
import { openEndpointSecrets } from './secrets';

// One attempt of one delivery (decision 047), by the Standard Webhooks spec: the three headers,
// the event's JSON body, the URL checked again (a name may resolve elsewhere since it was saved),
// no redirect followed, 10 seconds at most, and the first 4 KB of the answer kept for the log.

const TIMEOUT_MS = 10_000;
const RESPONSE_BYTES = 4096;
const USER_AGENT = 'FaxFlow-Webhooks/1.0';

/** The first `max` bytes of the body as text; the rest is never read. */
async function readBounded(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(all.subarray(0, max));
}

/** Sends the delivery once and answers what to record of it; never throws. */
export async function attemptDelivery(config: AppConfig, userId: string, claim: ClaimedDelivery, now: number): Promise<FinishedAttempt> {
  const { delivery, endpoint, event } = claim;
  const attempt = delivery.attempts + 1;
  const timestamp = Math.floor(now / 1000);
  const secrets = await openEndpointSecrets(config, userId, endpoint, now);
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...(await webhookHeaders(secrets, event.id, timestamp, event.body)),
  };
  const base = {
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    attempt,
    at: now,
    url: endpoint.url,
    requestHeaders: JSON.stringify(headers),
    requestBody: event.body,
  };
  const failed = (fields: {
    responseStatus: number | null;
    responseBody: string | null;
    latencyMs: number;
    error: string | null;
  }): FinishedAttempt => {
    const pause = retryPauseSeconds(attempt);
    return { ...base, ...fields, delivered: false, retryInSeconds: pause, nextAt: pause === null ? null : now + pause * 1000 };
  };
  // A secret that no longer opens (SECOND_FACTOR_KEY changed) would send an unsigned request.
  if (secrets.length === 0)
    return failed({ responseStatus: null, responseBody: null, latencyMs: 0, error: 'No signing secret: rotate it' });
  const started = performance.now();
  const target = await checkWebhookTarget(endpoint.url, config);
  if (!target.ok) return failed({ responseStatus: null, responseBody: null, latencyMs: 0, error: `Refused: ${target.problem}` });
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers,
      body: event.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const responseBody = await readBounded(response, RESPONSE_BYTES);
    const latencyMs = Math.round(performance.now() - started);
    if (isDelivered(response.status)) {
      return {
        ...base,
        responseStatus: response.status,
        responseBody,
        latencyMs,
        error: null,
        delivered: true,
        retryInSeconds: null,
        nextAt: null,
      };
    }
    const error = response.status >= 300 && response.status < 400 ? 'Redirects are not followed' : null;
    return failed({ responseStatus: response.status, responseBody, latencyMs, error });
  } catch (caught) {
    const latencyMs = Math.round(performance.now() - started);
    const timedOut = caught instanceof Error && (caught.name === 'TimeoutError' || caught.name === 'AbortError');
    return failed({ responseStatus: null, responseBody: null, latencyMs, error: timedOut ? 'Timed out after 10 s' : 'Could not connect' });
  }
}
