import { getDb } from '../db/client';
import { findNumberByE164 } from '../db/queries/numbers';
import { readConfig } from '../env';
import type { LoopbackCall } from '../loopback/fax-line';
import type { LoopbackWebhook } from './loopback-events';
import { parseLoopbackWebhook } from './loopback-events';
import { LOOPBACK_SIGNATURE_HEADER, LOOPBACK_TIMESTAMP_HEADER, loopbackKeys } from './loopback-keys';
import { loopbackRejection } from './loopback-plan';
import { readSignedWebhook, signWebhook, verifyWebhookSignature } from './signature';
import { type Carrier, CarrierRejected, type OutboundFax, type SendAccepted, type WebhookReading } from './types';

// The loopback carrier: the default under `npm start` and in tests. Each call is played by a
// LoopbackFaxLine Durable Object (worker/loopback/fax-line.ts) that sends signed webhooks back through the
// same verification a real carrier's webhooks go through. No network, no account.

/** Where the loopback carrier's webhooks are addressed (handed over in-process, never fetched). */
const LOOPBACK_WEBHOOK_URL = 'https://loopback.invalid/api/webhooks/loopback';

async function isInstanceNumber(env: Env, number: string): Promise<boolean> {
  return (await findNumberByE164(getDb(env), number))?.state === 'ASSIGNED';
}

/** A signed webhook request as the loopback network sends it. */
export async function loopbackWebhookRequest(signingKey: string, body: LoopbackWebhook, now = Date.now()): Promise<Request> {
  const { privateKey } = await loopbackKeys(signingKey);
  const rawBody = JSON.stringify(body);
  const timestamp = String(Math.floor(now / 1000));
  return new Request(LOOPBACK_WEBHOOK_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [LOOPBACK_SIGNATURE_HEADER]: await signWebhook(privateKey, timestamp, rawBody),
      [LOOPBACK_TIMESTAMP_HEADER]: timestamp,
    },
    body: rawBody,
  });
}

/**
 * `sandbox`: the calls of test keys' faxes (decision 048), whatever CARRIER is: never a receiving
 * side on this instance, and their events applied inside the Worker rather than signed (the line
 * is a Durable Object only this Worker reaches), so they play in production too.
 */
export function createLoopbackCarrier(env: Env, mode: 'network' | 'sandbox' = 'network'): Carrier {
  const config = readConfig(env);
  const sandbox = mode === 'sandbox';

  async function send(fax: OutboundFax): Promise<SendAccepted> {
    const rejection = loopbackRejection(fax.to);
    if (rejection) throw new CarrierRejected(rejection, `The loopback network has no line at ${fax.to}`);
    const carrierFaxId = `loopback-${crypto.randomUUID()}`;
    const call: LoopbackCall = {
      carrierFaxId,
      reference: { faxId: fax.faxId, attempt: fax.attempt, owner: fax.owner },
      from: fax.from,
      to: fax.to,
      pageCount: fax.pageCount,
      documentKey: fax.documentKey,
      inbound: sandbox ? false : await isInstanceNumber(env, fax.to),
      msPerPage: config.LOOPBACK_MS_PER_PAGE,
      sandbox,
    };
    await env.LOOPBACK_FAX_LINE.get(env.LOOPBACK_FAX_LINE.idFromName(carrierFaxId)).placeCall(call);
    return { carrierFaxId };
  }

  async function readWebhook(request: Request): Promise<WebhookReading> {
    if (!config.LOOPBACK_SIGNING_KEY) return { kind: 'invalid-signature' };
    const webhook = await readSignedWebhook(request, LOOPBACK_SIGNATURE_HEADER, LOOPBACK_TIMESTAMP_HEADER);
    const { publicKey } = await loopbackKeys(config.LOOPBACK_SIGNING_KEY);
    if (!(await verifyWebhookSignature(publicKey, webhook))) return { kind: 'invalid-signature' };
    let body: unknown;
    try {
      body = JSON.parse(webhook.rawBody);
    } catch {
      return { kind: 'malformed' };
    }
    const events = parseLoopbackWebhook(body);
    return events ? { kind: 'events', events } : { kind: 'malformed' };
  }

  return { name: 'loopback', send, readWebhook };
}
