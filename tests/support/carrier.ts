import { env, exports } from 'cloudflare:workers';
import { encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { signWebhook } from '../../worker/carrier/signature';
import { isLegacyFaxId } from '../../worker/crypto/fax-id';
import { getDb } from '../../worker/db/client';
import { recordCarrierFaxId } from '../../worker/db/queries/fax-owners';
import { startAttempt } from '../../worker/fax/start-attempt';
import { findSendFax } from '../../worker/fax/user-faxes';
import { userStoreStub } from './user-store';

// Telnyx as the tests play it: webhook bodies shaped like the examples in Telnyx's docs
// (https://developers.telnyx.com/docs/programmable-fax/receiving-webhooks), signed with the test
// key pair whose public half the Worker trusts (vitest.config.ts), and posted the way Telnyx
// posts them: from its own servers, no Origin, no cookie.

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_TELNYX_PRIVATE_JWK: string;
    }
  }
}

export const TELNYX_CONNECTION_ID = '1232154810234';

let telnyxKey: Promise<CryptoKey> | null = null;

function telnyxPrivateKey(): Promise<CryptoKey> {
  telnyxKey ??= crypto.subtle.importKey('jwk', JSON.parse(env.TEST_TELNYX_PRIVATE_JWK) as JsonWebKey, { name: 'Ed25519' }, false, ['sign']);
  return telnyxKey;
}

/** A key pair Telnyx never had: signatures made with it must be refused. */
export async function strangerKey(): Promise<CryptoKey> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  return pair.privateKey;
}

export interface TelnyxFaxPayload {
  fax_id: string;
  status?: string;
  page_count?: number;
  failure_reason?: string;
  client_state?: string;
  [field: string]: unknown;
}

let eventCounter = 0;

/** A Telnyx fax webhook body: `{ data: { event_type, id, occurred_at, record_type, payload }, meta }`. */
export function telnyxEvent(
  eventType: string,
  payload: TelnyxFaxPayload,
  id = `evt-${Date.now()}-${++eventCounter}`,
): Record<string, unknown> {
  return {
    data: {
      event_type: eventType,
      id,
      occurred_at: new Date().toISOString(),
      record_type: 'event',
      payload: {
        call_duration_secs: 79,
        connection_id: TELNYX_CONNECTION_ID,
        direction: 'outbound',
        from: '+19459457421',
        original_media_url: 'https://fax.example.com/api/faxMedia/x',
        to: '+13129457420',
        user_id: 'bdaa1f9f-1018-4156-867d-6c4ac9f556eb',
        ...payload,
      },
    },
    meta: { attempt: 1, delivered_to: 'https://fax.example.com/api/webhooks/telnyx' },
  };
}

/** The outbound events of one Telnyx fax, in the order Telnyx sends them. */
export function telnyxOutboundSequence(
  carrierFaxId: string,
  ref: { faxId: string; attempt: number },
  end: { delivered: number } | { failed: string },
): Record<string, unknown>[] {
  const base = { fax_id: carrierFaxId, client_state: encodeAttemptRef(ref) };
  return [
    telnyxEvent('fax.queued', { ...base, status: 'queued' }),
    telnyxEvent('fax.media.processed', { ...base, status: 'media.processed' }),
    telnyxEvent('fax.sending.started', { ...base, status: 'sending' }),
    'delivered' in end
      ? telnyxEvent('fax.delivered', { ...base, status: 'delivered', page_count: end.delivered })
      : telnyxEvent('fax.failed', { ...base, status: 'failed', failure_reason: end.failed }),
  ];
}

export interface PostOptions {
  /** Unix seconds; default now. */
  timestamp?: number;
  key?: CryptoKey;
  /** Sign this body but send `rawBody` instead (a tampered request). */
  signedBody?: string;
  headers?: Record<string, string | null>;
}

/** POSTs a Telnyx webhook to the Worker, signed unless told otherwise. */
export async function postTelnyxWebhook(body: unknown, options: PostOptions = {}): Promise<Response> {
  return exports.default.fetch(await telnyxWebhookRequest(body, options));
}

/** A Telnyx webhook request as Telnyx sends it, signed unless told otherwise. */
export async function telnyxWebhookRequest(body: unknown, options: PostOptions = {}): Promise<Request> {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = await signWebhook(options.key ?? (await telnyxPrivateKey()), timestamp, options.signedBody ?? rawBody);
  const merged: Record<string, string | null> = {
    'content-type': 'application/json',
    'user-agent': 'telnyx-webhooks',
    'telnyx-signature-ed25519': signature,
    'telnyx-timestamp': timestamp,
    ...options.headers,
  };
  const headers = new Headers();
  for (const [name, value] of Object.entries(merged)) if (value !== null) headers.set(name, value);
  return new Request('https://fax.example.com/api/webhooks/telnyx', { method: 'POST', headers, body: rawBody });
}

/** Starts attempt `attempt` of a fax as the dispatch does, and records the carrier's id for it. */
export async function startTelnyxAttempt(faxId: string, attempt: number, carrierFaxId: string): Promise<void> {
  const fax = await findSendFax(env, faxId);
  if (!fax || !(await startAttempt(env, fax, attempt, 'telnyx', '+19459457421')))
    throw new Error(`attempt ${attempt} of ${faxId} did not start`);
  // Only a fax made before decision 042 has its carrier id in D1, for news without a reference.
  if (isLegacyFaxId(faxId)) await recordCarrierFaxId(getDb(env), carrierFaxId, faxId, attempt);
  await userStoreStub(fax.userId).noteCarrierFaxId(fax.userId, faxId, attempt, carrierFaxId);
}
