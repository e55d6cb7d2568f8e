import {
  WEBHOOK_LIMITS,
  type WebhookAttemptView,
  type WebhookEndpointView,
  type WebhookEventView,
} from '../../src/common/outgoing-webhook-rules';
import { toBase64Url } from '../crypto/tokens';
import type { StoreFaxRow } from '../db/store/schema';
import { readStoreOwner } from '../db/store/store-owner';
import * as hooks from '../db/store/webhooks';
import { type FaxMark, failedTooLong, faxEvents, type PlannedEvent } from '../domain/webhook-events';
import { enqueueWebhookDrain } from '../queues/webhook-messages';
import { toWebhookAttemptView, toWebhookEndpointView, toWebhookEventView } from '../views/outgoing-webhooks';
import { faxView, type StoreRoom, watchOpenFaxes } from './room';
import { RETENTION_MS } from './webhook-watch';

// Outgoing webhooks in the user's object (decision 047): events are made here, where the same
// change is pushed to the user's pages (decision 043), kept with a pending delivery to each
// subscribed endpoint, and a queue message tells the consumer (outgoing-webhooks/drain.ts) to take
// them. The object hands out the due deliveries one per endpoint at a time, so each endpoint
// receives its events in the order they happened.

/** How long a drain holds a claimed delivery: past the 10-second timeout, with room to record it. */
const LEASE_MS = 30_000;

export function newWebhookId(prefix: 'we' | 'evt' | 'del' | 'att'): string {
  return `${prefix}_${toBase64Url(crypto.getRandomValues(new Uint8Array(16)))}`;
}

/** Keeps the events, with their deliveries, and wakes the consumer when any endpoint is to get one. */
export async function emitWebhookEvents(
  room: StoreRoom,
  planned: PlannedEvent[],
  now = Date.now(),
  onlyEndpointId: string | null = null,
): Promise<string[]> {
  if (planned.length === 0) return [];
  const events = planned.map((event) => {
    const id = newWebhookId('evt');
    const livemode = event.livemode ?? true;
    const body = JSON.stringify({ type: event.type, timestamp: new Date(now).toISOString(), livemode, data: event.data });
    return { id, type: event.type, body, created: now };
  });
  hooks.pruneStoreWebhooks(room.store, now - RETENTION_MS);
  const made = hooks.recordStoreWebhookEvents(room.store, events, () => newWebhookId('del'), onlyEndpointId);
  const userId = readStoreOwner(room.store);
  if (made > 0 && userId) await enqueueWebhookDrain(room.env, userId);
  if (made > 0) await watchOpenFaxes(room);
  return events.map((event) => event.id);
}

/** The webhook events of a fax's change (`before` null: it was just created). */
export async function emitFaxEvents(room: StoreRoom, before: FaxMark | null, row: StoreFaxRow): Promise<void> {
  await emitWebhookEvents(room, faxEventsOf(room, before, row));
}

/** The webhook events of a fax's change, marked `livemode: false` for a sandbox fax (decision 048). */
export function faxEventsOf(room: StoreRoom, before: FaxMark | null, row: StoreFaxRow): PlannedEvent[] {
  const events = faxEvents(before, faxView(room, row));
  return row.livemode ? events : events.map((event) => ({ ...event, livemode: false }));
}

export type EndpointChange = { ok: true; endpoint: WebhookEndpointView } | { ok: false; code: 'NOT_FOUND' | 'TOO_MANY_WEBHOOK_ENDPOINTS' };

export interface NewEndpoint {
  id: string;
  url: string;
  description: string;
  events: string[];
  sealedSecret: string;
}

export interface FinishedAttempt extends Omit<hooks.AttemptRecord, 'id'> {}

export const outgoingWebhookMethods = {
  async webhookEndpoints(this: StoreRoom, userId: string): Promise<WebhookEndpointView[]> {
    await this.ready(userId);
    return hooks.listStoreWebhookEndpoints(this.store).map(toWebhookEndpointView);
  },

  async webhookEndpoint(this: StoreRoom, userId: string, endpointId: string): Promise<WebhookEndpointView | null> {
    await this.ready(userId);
    const row = hooks.findStoreWebhookEndpoint(this.store, endpointId);
    return row ? toWebhookEndpointView(row) : null;
  },

  /** Adds an endpoint (its secret sealed by the caller); at most WEBHOOK_LIMITS.endpoints. */
  async addWebhookEndpoint(this: StoreRoom, userId: string, input: NewEndpoint, now: number): Promise<EndpointChange> {
    await this.ready(userId);
    if (hooks.countStoreWebhookEndpoints(this.store) >= WEBHOOK_LIMITS.endpoints) return { ok: false, code: 'TOO_MANY_WEBHOOK_ENDPOINTS' };
    hooks.insertStoreWebhookEndpoint(this.store, {
      id: input.id,
      url: input.url,
      description: input.description,
      events: JSON.stringify(input.events),
      enabled: true,
      disabledReason: null,
      secret: input.sealedSecret,
      previousSecret: null,
      previousSecretUntil: null,
      failingSince: null,
      created: now,
      updated: now,
    });
    const row = hooks.findStoreWebhookEndpoint(this.store, input.id);
    return row ? { ok: true, endpoint: toWebhookEndpointView(row) } : { ok: false, code: 'NOT_FOUND' };
  },

  /** Changes an endpoint's URL, events, description or whether it is on; turning it on clears a failing streak. */
  async changeWebhookEndpoint(
    this: StoreRoom,
    userId: string,
    endpointId: string,
    patch: { url?: string; description?: string; events?: string[]; enabled?: boolean },
    now: number,
  ): Promise<EndpointChange> {
    await this.ready(userId);
    if (!hooks.findStoreWebhookEndpoint(this.store, endpointId)) return { ok: false, code: 'NOT_FOUND' };
    const { events, enabled, ...rest } = patch;
    const row = hooks.updateStoreWebhookEndpoint(
      this.store,
      endpointId,
      {
        ...rest,
        ...(events ? { events: JSON.stringify(events) } : {}),
        ...(enabled === undefined ? {} : { enabled, disabledReason: null, ...(enabled ? { failingSince: null } : {}) }),
      },
      now,
    );
    if (enabled) await enqueueWebhookDrain(this.env, userId);
    return row ? { ok: true, endpoint: toWebhookEndpointView(row) } : { ok: false, code: 'NOT_FOUND' };
  },

  async removeWebhookEndpoint(this: StoreRoom, userId: string, endpointId: string): Promise<boolean> {
    await this.ready(userId);
    return hooks.deleteStoreWebhookEndpoint(this.store, endpointId);
  },

  /** The sealed secret that signs now, for a rotation to keep beside the new one. */
  async rotateWebhookSecret(
    this: StoreRoom,
    userId: string,
    endpointId: string,
    sealedSecret: string,
    until: number,
    now: number,
  ): Promise<EndpointChange> {
    await this.ready(userId);
    const current = hooks.findStoreWebhookEndpoint(this.store, endpointId);
    if (!current) return { ok: false, code: 'NOT_FOUND' };
    const row = hooks.updateStoreWebhookEndpoint(
      this.store,
      endpointId,
      { secret: sealedSecret, previousSecret: current.secret, previousSecretUntil: until },
      now,
    );
    return row ? { ok: true, endpoint: toWebhookEndpointView(row) } : { ok: false, code: 'NOT_FOUND' };
  },

  /** Sends `webhook.test` to one endpoint (on or off); answers the event's id, or null for no such endpoint. */
  async sendWebhookTest(this: StoreRoom, userId: string, endpointId: string, now: number): Promise<string | null> {
    await this.ready(userId);
    if (!hooks.findStoreWebhookEndpoint(this.store, endpointId)) return null;
    const [id] = await emitWebhookEvents(
      this,
      [{ type: 'webhook.test' as never, data: { message: 'A test event from your fax account.' } }],
      now,
      endpointId,
    );
    return id ?? null;
  },

  /** An event of the account made outside the store's own changes (a number assigned); kept and delivered like the rest. */
  async emitWebhookEvent(this: StoreRoom, userId: string, event: PlannedEvent): Promise<void> {
    await this.ready(userId);
    await emitWebhookEvents(this, [event]);
  },

  /** The deliveries due now, held for the caller to send (drain.ts). */
  async claimWebhookDeliveries(this: StoreRoom, userId: string, now: number, max: number): Promise<hooks.ClaimedDelivery[]> {
    await this.ready(userId);
    return hooks.claimStoreWebhookDeliveries(this.store, now, LEASE_MS, max);
  },

  /**
   * Records an attempt. An endpoint whose attempts have all failed for WEBHOOK_DISABLE_AFTER_DAYS
   * is turned off: the answer names it so the caller mails the account, once.
   */
  async finishWebhookAttempt(
    this: StoreRoom,
    userId: string,
    attempt: FinishedAttempt,
    now: number,
  ): Promise<{ disabled: WebhookEndpointView | null; next: hooks.ClaimedDelivery | null }> {
    await this.ready(userId);
    hooks.recordStoreWebhookAttempt(this.store, { ...attempt, id: newWebhookId('att') });
    if (attempt.nextAt !== null) await watchOpenFaxes(this);
    const endpoint = hooks.findStoreWebhookEndpoint(this.store, attempt.endpointId);
    let disabled: WebhookEndpointView | null = null;
    if (endpoint?.enabled && failedTooLong(endpoint.failingSince, attempt.at)) {
      const row = hooks.updateStoreWebhookEndpoint(this.store, endpoint.id, { enabled: false, disabledReason: 'failing' }, attempt.at);
      disabled = row ? toWebhookEndpointView(row) : null;
    }
    // The endpoint's next event in the same call: one round trip an event, not two.
    const [next] = hooks.claimStoreWebhookDeliveries(this.store, now, LEASE_MS, 1, attempt.endpointId);
    return { disabled, next: next ?? null };
  },

  /** Sends failed deliveries again now: one, or every failed one of an endpoint; answers how many. */
  async redeliverWebhooks(
    this: StoreRoom,
    userId: string,
    target: { deliveryId: string } | { endpointId: string },
    now: number,
  ): Promise<number | 'NOT_FOUND'> {
    await this.ready(userId);
    if ('endpointId' in target && !hooks.findStoreWebhookEndpoint(this.store, target.endpointId)) return 'NOT_FOUND';
    if ('deliveryId' in target && !hooks.findStoreWebhookDelivery(this.store, target.deliveryId)) return 'NOT_FOUND';
    const count = hooks.redeliverStoreWebhooks(this.store, target, now);
    if (count > 0) await enqueueWebhookDrain(this.env, userId);
    return count;
  },

  /**
   * Events after the one named (from the oldest kept without one), in order; 'UNKNOWN_CURSOR' for an
   * event not kept. `livemode` keeps to one mode (a /v1 key's, decision 048); null lists both (Settings).
   */
  async listWebhookEvents(
    this: StoreRoom,
    userId: string,
    after: string | null,
    limit: number,
    livemode: boolean | null = null,
  ): Promise<{ events: WebhookEventView[]; next: string | null } | 'UNKNOWN_CURSOR'> {
    await this.ready(userId);
    const afterSeq = after === null ? 0 : hooks.findStoreWebhookEventSeq(this.store, after, livemode);
    if (afterSeq === null) return 'UNKNOWN_CURSOR';
    const rows = hooks.listStoreWebhookEvents(this.store, afterSeq, limit + 1, Date.now() - RETENTION_MS, livemode);
    const page = rows.slice(0, limit);
    return { events: page.map(toWebhookEventView), next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  },

  /** One event of the account as its webhooks carried it, of one mode or either; null when not kept (or a test event). */
  async webhookEvent(this: StoreRoom, userId: string, eventId: string, livemode: boolean | null = null): Promise<WebhookEventView | null> {
    await this.ready(userId);
    const row = hooks.findStoreWebhookEvent(this.store, eventId, Date.now() - RETENTION_MS, livemode);
    return row ? toWebhookEventView(row) : null;
  },

  /** An endpoint's delivery log, newest first; null for no such endpoint. */
  async listWebhookAttempts(
    this: StoreRoom,
    userId: string,
    endpointId: string,
    before: number | null,
    limit: number,
  ): Promise<WebhookAttemptView[] | null> {
    await this.ready(userId);
    if (!hooks.findStoreWebhookEndpoint(this.store, endpointId)) return null;
    return hooks.listStoreWebhookAttempts(this.store, endpointId, before, limit).map(toWebhookAttemptView);
  },
};

export type OutgoingWebhookMethods = typeof outgoingWebhookMethods;
