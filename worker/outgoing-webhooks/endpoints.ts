import type {
  WebhookAttemptView,
  WebhookEndpointCreated,
  WebhookEndpointView,
  WebhookEventType,
  WebhookEventView,
} from '../../src/common/outgoing-webhook-rules';
import { readConfig } from '../env';
import type { EndpointChange } from '../user-store/outgoing-webhooks';
import { newWebhookId } from '../user-store/outgoing-webhooks';
import { userStore } from '../user-store/stub';
import { checkWebhookTarget } from './resolve';
import { makeEndpointSecret } from './secrets';

// What a customer does with their webhook endpoints (decision 047), as plain functions the site's
// /api routes call now and /v1 will call later: the rules live here once.

/** How long the secret a rotation replaced keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export type EndpointRefusal = 'NOT_FOUND' | 'TOO_MANY_WEBHOOK_ENDPOINTS' | 'WEBHOOK_URL_REFUSED';

export type EndpointResult<T> = { ok: true; value: T } | { ok: false; code: EndpointRefusal; problem?: string };

function fromChange(change: EndpointChange): EndpointResult<WebhookEndpointView> {
  return change.ok ? { ok: true, value: change.endpoint } : { ok: false, code: change.code };
}

/** Why a URL may not be an endpoint, or null when it may (checked again at every delivery). */
export async function refuseWebhookUrl(env: Env, url: string): Promise<string | null> {
  const target = await checkWebhookTarget(url, readConfig(env));
  return target.ok ? null : target.problem;
}

export async function createWebhookEndpoint(
  env: Env,
  userId: string,
  input: { url: string; events: WebhookEventType[]; description: string },
  now = Date.now(),
): Promise<EndpointResult<WebhookEndpointCreated>> {
  const problem = await refuseWebhookUrl(env, input.url);
  if (problem) return { ok: false, code: 'WEBHOOK_URL_REFUSED', problem };
  const id = newWebhookId('we');
  const { secret, sealed } = await makeEndpointSecret(readConfig(env), userId, id);
  const change = await userStore(env, userId).addWebhookEndpoint(
    { id, url: input.url, description: input.description, events: input.events, sealedSecret: sealed },
    now,
  );
  return change.ok ? { ok: true, value: { endpoint: change.endpoint, secret } } : { ok: false, code: change.code };
}

export async function updateWebhookEndpoint(
  env: Env,
  userId: string,
  endpointId: string,
  patch: { url?: string; events?: WebhookEventType[]; description?: string; enabled?: boolean },
  now = Date.now(),
): Promise<EndpointResult<WebhookEndpointView>> {
  if (patch.url !== undefined) {
    const problem = await refuseWebhookUrl(env, patch.url);
    if (problem) return { ok: false, code: 'WEBHOOK_URL_REFUSED', problem };
  }
  return fromChange(await userStore(env, userId).changeWebhookEndpoint(endpointId, patch, now));
}

/** A new secret, shown once; the old one signs beside it for ROTATION_OVERLAP_MS. */
export async function rotateWebhookSecret(
  env: Env,
  userId: string,
  endpointId: string,
  now = Date.now(),
): Promise<EndpointResult<WebhookEndpointCreated>> {
  const { secret, sealed } = await makeEndpointSecret(readConfig(env), userId, endpointId);
  const change = await userStore(env, userId).rotateWebhookSecret(endpointId, sealed, now + ROTATION_OVERLAP_MS, now);
  return change.ok ? { ok: true, value: { endpoint: change.endpoint, secret } } : { ok: false, code: change.code };
}

export async function deleteWebhookEndpoint(env: Env, userId: string, endpointId: string): Promise<boolean> {
  return userStore(env, userId).removeWebhookEndpoint(endpointId);
}

export async function sendTestWebhook(env: Env, userId: string, endpointId: string, now = Date.now()): Promise<string | null> {
  return userStore(env, userId).sendWebhookTest(endpointId, now);
}

export async function redeliverWebhooks(
  env: Env,
  userId: string,
  target: { deliveryId: string } | { endpointId: string },
  now = Date.now(),
): Promise<number | 'NOT_FOUND'> {
  return userStore(env, userId).redeliverWebhooks(target, now);
}

export async function listWebhookEndpoints(env: Env, userId: string): Promise<WebhookEndpointView[]> {
  return userStore(env, userId).webhookEndpoints();
}

export async function listWebhookAttempts(
  env: Env,
  userId: string,
  endpointId: string,
  before: number | null,
  limit: number,
): Promise<WebhookAttemptView[] | null> {
  return userStore(env, userId).listWebhookAttempts(endpointId, before, limit);
}

/**
 * The account's events after `after` in order (the catch-up of a client that missed webhooks): of
 * one mode for a /v1 key (live or sandbox, decision 048), of both for Settings (`livemode` null).
 */
export async function listWebhookEvents(
  env: Env,
  userId: string,
  after: string | null,
  limit: number,
  livemode: boolean | null = null,
): Promise<{ events: WebhookEventView[]; next: string | null } | 'UNKNOWN_CURSOR'> {
  return userStore(env, userId).listWebhookEvents(after, limit, livemode);
}

/** One of the account's events, as its webhooks carried it; null when not kept. */
export async function findWebhookEvent(
  env: Env,
  userId: string,
  eventId: string,
  livemode: boolean | null = null,
): Promise<WebhookEventView | null> {
  return userStore(env, userId).webhookEvent(eventId, livemode);
}
