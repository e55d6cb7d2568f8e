// Outgoing webhooks (decision 047), what the settings page needs without zod (decision 032): the
// published catalogue of event types, the limits, and the shapes the site's routes answer.

/** Every event an endpoint can subscribe to, in the order the catalogue lists them (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = [
  'fax.queued',
  'fax.sending',
  'fax.page_sent',
  'fax.delivered',
  'fax.failed',
  'fax.retrying',
  'fax.received',
  'number.assigned',
  'credits.low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send a test event"; no endpoint subscribes to it, every endpoint accepts it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_LIMITS = { endpoints: 10, url: 2048, description: 200 } as const;

/** Days events and delivery logs are kept in the account's store. */
export const WEBHOOK_RETENTION_DAYS = 30;

/** The pauses before each retry, in seconds (Standard Webhooks' schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const WEBHOOK_RETRY_PAUSES = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** An endpoint whose every attempt has failed for this long is turned off, and the account told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;

export type WebhookDeliveryState = 'pending' | 'succeeded' | 'dead';

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** 'failing': turned off by us after days of failures; null otherwise. */
  disabledReason: 'failing' | null;
  /** Until when the secret before the last rotation still signs beside the new one, or null. */
  previousSecretUntil: number | null;
  failingSince: number | null;
  created: number;
  updated: number;
}

export interface WebhookEventView {
  id: string;
  type: string;
  created: number;
  /** The body every endpoint receives. */
  payload: unknown;
}

export interface WebhookAttemptView {
  id: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  attempt: number;
  at: number;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  latencyMs: number;
  error: string | null;
  retryInSeconds: number | null;
  /** Where the delivery stands now (this attempt may not be its last). */
  deliveryState: WebhookDeliveryState;
}

export interface WebhookEndpointCreated {
  endpoint: WebhookEndpointView;
  /** `whsec_` + base64: shown once, never again. */
  secret: string;
}
