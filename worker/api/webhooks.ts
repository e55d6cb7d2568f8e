import { type Context, Hono } from 'hono';
import { webhookCarrier } from '../carrier';
import type { CarrierName } from '../carrier/types';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { receiveCarrierWebhook } from '../webhooks/carrier-webhook';

// Carrier webhooks. Carriers call from their own servers, so these routes are exempt from the
// same-origin rule and take no session: the Ed25519 signature over the timestamp and the raw body
// is the check (worker/carrier/signature.ts). A handled or repeated event answers 200, so the
// carrier stops redelivering; an error answers 5xx, so it redelivers.
async function receive(c: Context<AppEnv>, name: CarrierName): Promise<Response> {
  const carrier = webhookCarrier(c.env, name);
  if (!carrier) throw new ApiError(404, 'NOT_FOUND');
  const result = await receiveCarrierWebhook(c.env, carrier, c.req.raw);
  if (result.status === 401) throw new ApiError(401, 'INVALID_SIGNATURE');
  if (result.status === 400) throw new ApiError(400, 'MALFORMED_BODY');
  return c.json({ received: result.outcomes.length }, 200);
}

export const webhooksApi = new Hono<AppEnv>()
  .post('/webhooks/telnyx', (c) => receive(c, 'telnyx'))
  // The loopback network hands its webhooks over in-process; this route lets a developer replay one.
  .post('/webhooks/loopback', (c) => receive(c, 'loopback'));
