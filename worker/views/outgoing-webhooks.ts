import type { WebhookAttemptView, WebhookEndpointView, WebhookEventType, WebhookEventView } from '../../src/common/outgoing-webhook-rules';
import type { StoreWebhookEndpointRow, StoreWebhookEventRow } from '../db/store/schema';
import type { AttemptLogRow } from '../db/store/webhooks';

// Outgoing webhooks' rows as the site's routes answer them (decision 047); the secret never leaves.

export function toWebhookEndpointView(row: StoreWebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'failing' ? 'failing' : null,
    previousSecretUntil: row.previousSecretUntil,
    failingSince: row.failingSince,
    created: row.created,
    updated: row.updated,
  };
}

export function toWebhookEventView(row: StoreWebhookEventRow): WebhookEventView {
  return { id: row.id, type: row.type, created: row.created, payload: JSON.parse(row.body) as unknown };
}

export function toWebhookAttemptView(row: AttemptLogRow): WebhookAttemptView {
  const a = row.attempt;
  return {
    id: a.id,
    deliveryId: a.deliveryId,
    eventId: row.eventId,
    eventType: row.eventType,
    endpointId: a.endpointId,
    attempt: a.attempt,
    at: a.at,
    url: a.url,
    requestHeaders: JSON.parse(a.requestHeaders) as Record<string, string>,
    requestBody: a.requestBody,
    responseStatus: a.responseStatus,
    responseBody: a.responseBody,
    latencyMs: a.latencyMs,
    error: a.error,
    retryInSeconds: a.retryInSeconds,
    deliveryState: row.deliveryState,
  };
}
