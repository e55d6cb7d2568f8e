import type { AccountDetails } from '../../src/common/account-view';
import type { ContactView } from '../../src/common/contacts';
import type { FaxView } from '../../src/common/faxes';
import type { WebhookEventView } from '../../src/common/outgoing-webhook-rules';
import type { WebhookAttemptView, WebhookEndpointView } from '../../src/common/outgoing-webhooks';
import type { FaxNumberRow, FileRow } from '../db/schema';
import { FAILURE_REASONS } from './failure-reasons';
import type { V1Key } from './v1-env';

// The envelope of /v1 (decision 046): the product's views, as the site's API answers them, turned
// into the public contract's shape (schemas.ts). No rule lives here, only names and formats.

const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

/** `livemode`: whether the fax is live or the sandbox's (decision 048); a key sees only its own mode's faxes. */
export function toV1Fax(fax: FaxView, livemode = true) {
  const outbound = fax.direction === 'SEND';
  const reason = fax.status === 'FAILED' ? fax.failureReason : null;
  return {
    id: fax.id,
    object: 'fax' as const,
    direction: outbound ? ('outbound' as const) : ('inbound' as const),
    status: fax.status.toLowerCase(),
    to: outbound ? fax.remoteNumber : fax.localNumber,
    from: outbound ? (fax.anonymous ? null : fax.localNumber) : fax.remoteNumber,
    contact_name: fax.contactName,
    page_count: fax.pageCount,
    pages_sent: fax.pagesSent,
    file_name: fax.fileName,
    has_cover_page: fax.hasCoverPage,
    anonymous: fax.anonymous,
    attempt: fax.attempt,
    max_attempts: fax.maxAttempts,
    next_attempt_at: isoOrNull(fax.nextAttemptAt),
    failure: reason ? { reason: reason.toLowerCase(), retryable: FAILURE_REASONS[reason].retryable, pages_sent: fax.pagesSent } : null,
    credits_charged: fax.creditsCharged,
    credits_refunded: fax.creditsRefunded,
    send_at: isoOrNull(fax.sendAt),
    broadcast_id: fax.broadcastId,
    read: fax.read,
    partial: fax.partial,
    in_trash: fax.trashedAt !== null,
    created_at: iso(fax.start),
    updated_at: iso(fax.updated),
    completed_at: isoOrNull(fax.completed),
    livemode,
  };
}

export function toV1Contact(contact: ContactView) {
  return {
    id: contact.id,
    object: 'contact' as const,
    name: contact.name,
    fax_number: contact.faxNumber,
    company: contact.company,
    email: contact.email,
    note: contact.note,
    created_at: iso(contact.created),
    updated_at: iso(contact.updated),
  };
}

export function toV1File(row: FileRow) {
  return { id: row.id, object: 'file' as const, name: row.name, page_count: row.pageCount, created_at: iso(row.createdAt) };
}

export function toV1Number(row: FaxNumberRow) {
  return {
    id: row.id,
    object: 'number' as const,
    number: row.number,
    area_code: row.areaCode,
    city: row.city,
    region: row.region,
    assigned_at: isoOrNull(row.assignedAt),
  };
}

export function toV1Account(account: AccountDetails, key: V1Key) {
  const credits = account.faxCredits;
  return {
    id: account.id,
    object: 'account' as const,
    email: account.email,
    display_name: account.displayName,
    email_verified: account.emailVerified,
    plan: account.subscriptionType ? (account.subscriptionType.toLowerCase() as 'free' | 'trial' | 'paid') : null,
    credits: {
      send: credits.defaultCreditsSend + credits.paidCreditsSend,
      receive: credits.defaultCreditsReceive + credits.paidCreditsReceive,
    },
    api_key: { id: key.keyId, livemode: key.livemode, scopes: [...key.scopes] },
    created_at: iso(account.createdAt),
  };
}

export function toList<T>(data: T[], nextCursor: string | null) {
  return { object: 'list' as const, data, has_more: nextCursor !== null, next_cursor: nextCursor };
}

/** An event as its webhooks carried it (`{ type, timestamp, livemode, data }`), with its id. */
export function toV1Event(event: WebhookEventView) {
  const body = event.payload as { type: string; timestamp: string; livemode: boolean; data: Record<string, unknown> };
  return {
    id: event.id,
    object: 'event' as const,
    type: event.type,
    timestamp: body.timestamp,
    livemode: body.livemode,
    data: body.data,
  };
}

export function toV1Endpoint(view: WebhookEndpointView) {
  return {
    id: view.id,
    object: 'webhook_endpoint' as const,
    url: view.url,
    description: view.description,
    events: view.events,
    enabled: view.enabled,
    disabled_reason: view.disabledReason,
    previous_secret_until: isoOrNull(view.previousSecretUntil),
    failing_since: isoOrNull(view.failingSince),
    created_at: iso(view.created),
    updated_at: iso(view.updated),
  };
}

export function toV1Attempt(view: WebhookAttemptView) {
  return {
    id: view.id,
    object: 'webhook_attempt' as const,
    delivery_id: view.deliveryId,
    event_id: view.eventId,
    event_type: view.eventType,
    attempt: view.attempt,
    at: iso(view.at),
    url: view.url,
    request_headers: view.requestHeaders,
    request_body: view.requestBody,
    response_status: view.responseStatus,
    response_body: view.responseBody,
    latency_ms: view.latencyMs,
    error: view.error,
    retry_in_seconds: view.retryInSeconds,
    delivery_state: view.deliveryState,
  };
}
