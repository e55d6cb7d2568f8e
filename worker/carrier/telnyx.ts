import { z } from 'zod';
import { readConfig } from '../env';
import { encodeAttemptRef } from './attempt-ref';
import { importRawPublicKey, readSignedWebhook, verifyWebhookSignature } from './signature';
import { parseTelnyxWebhook } from './telnyx-events';
import { type Carrier, CarrierRejected, type OutboundFax, type SendAccepted, type WebhookReading } from './types';

// Telnyx Programmable Fax. Send: `POST /v2/faxes` with connection_id, from, to, media_url (Telnyx
// fetches the PDF itself), webhook_url and client_state; it answers 202 with the fax under `data`
// (https://developers.telnyx.com/docs/programmable-fax/send-a-fax-api, "Sending Commands": 202 OK,
// 403, 404, 422 invalid parameters, 429 too many faxes in progress). Errors come as
// `{ errors: [{ code, title, detail, source: { pointer } }] }` (Telnyx API v2 error format).

const TELNYX_FAXES_URL = 'https://api.telnyx.com/v2/faxes';

/**
 * How long Telnyx may take to answer a send. A hung call would otherwise hold the queue consumer
 * until the platform ends it; past this the send throws and the queue delivers the dispatch again.
 */
export const TELNYX_SEND_TIMEOUT_MS = 30_000;

const acceptedSchema = z.object({ data: z.object({ id: z.string().min(1) }) });
const errorsSchema = z.object({
  errors: z.array(
    z.object({ title: z.string().nullish(), detail: z.string().nullish(), source: z.object({ pointer: z.string().nullish() }).nullish() }),
  ),
});

/** True when Telnyx's complaint is about the destination number rather than our request. */
function blamesDestination(body: unknown): boolean {
  const parsed = errorsSchema.safeParse(body);
  if (!parsed.success) return false;
  return parsed.data.errors.some(
    (e) => e.source?.pointer === '/to' || /destination|\bto\b.*number|number.*\bto\b/i.test(`${e.title ?? ''} ${e.detail ?? ''}`),
  );
}

export function createTelnyxCarrier(env: Env): Carrier {
  const config = readConfig(env);

  async function send(fax: OutboundFax): Promise<SendAccepted> {
    if (!config.TELNYX_API_KEY || !config.TELNYX_CONNECTION_ID || !config.PUBLIC_ORIGIN || !fax.mediaUrl) {
      throw new Error('Telnyx is not configured: TELNYX_API_KEY, TELNYX_CONNECTION_ID, PUBLIC_ORIGIN and FAX_MEDIA_SECRET are needed');
    }
    const response = await fetch(TELNYX_FAXES_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.TELNYX_API_KEY}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        connection_id: config.TELNYX_CONNECTION_ID,
        media_url: fax.mediaUrl,
        to: fax.to,
        from: fax.from,
        webhook_url: new URL('/api/webhooks/telnyx', config.PUBLIC_ORIGIN).toString(),
        client_state: encodeAttemptRef({ faxId: fax.faxId, attempt: fax.attempt, owner: fax.owner }),
      }),
      signal: AbortSignal.timeout(TELNYX_SEND_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const accepted = acceptedSchema.safeParse(body);
      if (!accepted.success) throw new Error(`Telnyx accepted the fax without an id (HTTP ${response.status})`);
      return { carrierFaxId: accepted.data.data.id };
    }
    if ((response.status === 400 || response.status === 422) && blamesDestination(body)) {
      throw new CarrierRejected('INVALID_NUMBER', `Telnyx refused the destination ${fax.to}`);
    }
    // Anything else (credentials, limits, outages) is ours or theirs to fix: the dispatch retries.
    throw new Error(`Telnyx did not take the fax: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }

  async function readWebhook(request: Request): Promise<WebhookReading> {
    if (!config.TELNYX_PUBLIC_KEY) return { kind: 'invalid-signature' };
    const webhook = await readSignedWebhook(request, 'telnyx-signature-ed25519', 'telnyx-timestamp');
    const key = await importRawPublicKey(config.TELNYX_PUBLIC_KEY);
    if (!(await verifyWebhookSignature(key, webhook))) return { kind: 'invalid-signature' };
    let body: unknown;
    try {
      body = JSON.parse(webhook.rawBody);
    } catch {
      return { kind: 'malformed' };
    }
    const events = parseTelnyxWebhook(body);
    return events ? { kind: 'events', events } : { kind: 'malformed' };
  }

  return { name: 'telnyx', send, readWebhook };
}
