import type { FaxView } from '../../src/common/faxes';
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_PAUSES, type WebhookEventType } from '../../src/common/outgoing-webhook-rules';

// Which outgoing webhook events a change makes (decision 047), with no I/O: the user's store calls
// these where it pushes the same change to the user's pages (decision 043), so every change that
// reaches a page reaches the user's software too, in the order it happened.

/** Where a fax stood before a change, as far as its events tell. */
export interface FaxMark {
  status: FaxView['status'];
  pagesSent: number;
  nextAttemptAt: number | null;
}

export interface PlannedEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** False for an event of the sandbox (a test key's fax, decision 048); true when absent. */
  livemode?: boolean;
}

/** What every fax event says of the fax: its public fields, in the API's words. */
export function faxEventData(fax: FaxView): Record<string, unknown> {
  return {
    id: fax.id,
    direction: fax.direction === 'SEND' ? 'outbound' : 'inbound',
    status: fax.status.toLowerCase(),
    remote_number: fax.remoteNumber,
    local_number: fax.localNumber,
    page_count: fax.pageCount,
    pages_sent: fax.pagesSent,
    attempt: fax.attempt,
    max_attempts: fax.maxAttempts,
    next_attempt_at: fax.nextAttemptAt === null ? null : new Date(fax.nextAttemptAt).toISOString(),
    failure_reason: fax.failureReason,
    send_at: fax.sendAt === null ? null : new Date(fax.sendAt).toISOString(),
    broadcast_id: fax.broadcastId,
    created_at: new Date(fax.start).toISOString(),
    completed_at: fax.completed === null ? null : new Date(fax.completed).toISOString(),
  };
}

/**
 * The events between `before` (null: the fax was just created) and the fax as it is now: queued,
 * sending, one page_sent per page newly through, retrying, then delivered or failed; or received.
 */
export function faxEvents(before: FaxMark | null, fax: FaxView): PlannedEvent[] {
  const data = faxEventData(fax);
  const events: PlannedEvent[] = [];
  if (fax.direction === 'RECEIVE') {
    if (fax.status === 'RECEIVED' && before?.status !== 'RECEIVED') events.push({ type: 'fax.received', data });
    return events;
  }
  const was: FaxMark = before ?? { status: 'QUEUED', pagesSent: 0, nextAttemptAt: null };
  if (before === null) events.push({ type: 'fax.queued', data });
  const reached = (status: FaxView['status']) => fax.status === status && was.status !== status;
  const sendingNow = fax.status === 'SENDING' || fax.pagesSent > was.pagesSent || fax.status === 'DELIVERED';
  if (was.status === 'QUEUED' && sendingNow) events.push({ type: 'fax.sending', data: { ...data, status: 'sending' } });
  for (let page = was.pagesSent + 1; page <= fax.pagesSent; page++) {
    events.push({ type: 'fax.page_sent', data: { ...data, page, pages_sent: page } });
  }
  if (fax.nextAttemptAt !== null && fax.nextAttemptAt !== was.nextAttemptAt && fax.status !== 'FAILED') {
    events.push({ type: 'fax.retrying', data });
  }
  if (reached('DELIVERED')) events.push({ type: 'fax.delivered', data });
  if (reached('FAILED')) events.push({ type: 'fax.failed', data });
  return events;
}

/** The pause before the next attempt after `attempts` attempts have failed, or null: the delivery is dead. */
export function retryPauseSeconds(attempts: number): number | null {
  return WEBHOOK_RETRY_PAUSES[attempts - 1] ?? null;
}

/** Whether an endpoint failing without a success since `failingSince` has failed long enough to be turned off. */
export function failedTooLong(failingSince: number | null, now: number): boolean {
  return failingSince !== null && now - failingSince >= WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000;
}

/** A 2xx answer is a delivery; anything else (3xx included: redirects are not followed) is a failure. */
export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

/** Send credits at or below this many pages make `credits.low`, once each time the balance falls to it. */
export const LOW_CREDITS_PAGES = 10;

/** `credits.low` when a charge took the send credits from above the threshold to it or below; else null. */
export function creditsLowEvent(before: number, after: number): PlannedEvent | null {
  if (!(before > LOW_CREDITS_PAGES && after <= LOW_CREDITS_PAGES)) return null;
  return { type: 'credits.low', data: { kind: 'send', available: after, threshold: LOW_CREDITS_PAGES } };
}
