import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, min, ne, or, sql } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '../../../src/common/outgoing-webhook-rules';
import { builtOnce } from './built-once';
import type { StoreScope } from './open-store';
import {
  type StoreWebhookAttemptRow,
  type StoreWebhookDeliveryRow,
  type StoreWebhookEndpointRow,
  type StoreWebhookEventRow,
  storeWebhookAttempts,
  storeWebhookDeliveries,
  storeWebhookEndpoints,
  storeWebhookEvents,
} from './schema';

// Outgoing webhooks in the user's own store (decision 047): endpoints, events, deliveries and the
// log of attempts. Synchronous, run inside the user's object one call at a time, so a claim of the
// next delivery and the record of an attempt never interleave.

const ep = storeWebhookEndpoints;
const ev = storeWebhookEvents;
const dl = storeWebhookDeliveries;
const at = storeWebhookAttempts;

export function listStoreWebhookEndpoints(store: StoreScope): StoreWebhookEndpointRow[] {
  return store.select().from(ep).orderBy(asc(ep.created), asc(ep.id)).all();
}

export function findStoreWebhookEndpoint(store: StoreScope, id: string): StoreWebhookEndpointRow | null {
  return store.select().from(ep).where(eq(ep.id, id)).get() ?? null;
}

export function insertStoreWebhookEndpoint(store: StoreScope, row: StoreWebhookEndpointRow): void {
  store.insert(ep).values(row).run();
}

export type EndpointPatch = Partial<
  Pick<
    StoreWebhookEndpointRow,
    'url' | 'description' | 'events' | 'enabled' | 'disabledReason' | 'secret' | 'previousSecret' | 'previousSecretUntil' | 'failingSince'
  >
>;

export function updateStoreWebhookEndpoint(
  store: StoreScope,
  id: string,
  patch: EndpointPatch,
  now: number,
): StoreWebhookEndpointRow | null {
  store
    .update(ep)
    .set({ ...patch, updated: now })
    .where(eq(ep.id, id))
    .run();
  return findStoreWebhookEndpoint(store, id);
}

export function deleteStoreWebhookEndpoint(store: StoreScope, id: string): boolean {
  return store.delete(ep).where(eq(ep.id, id)).returning({ id: ep.id }).all().length > 0;
}

export interface NewWebhookEvent {
  id: string;
  type: string;
  body: string;
  created: number;
}

/**
 * Keeps the events and makes a pending delivery of each to every enabled endpoint subscribed to
 * its type (to `onlyEndpointId` alone, for a test event); answers how many deliveries it made.
 */
export function recordStoreWebhookEvents(
  store: StoreScope,
  events: NewWebhookEvent[],
  newDeliveryId: () => string,
  onlyEndpointId: string | null = null,
): number {
  if (events.length === 0) return 0;
  const endpoints = store
    .select({ id: ep.id, events: ep.events })
    .from(ep)
    .where(onlyEndpointId ? eq(ep.id, onlyEndpointId) : eq(ep.enabled, true))
    .all()
    .map((row) => ({ id: row.id, events: new Set(JSON.parse(row.events) as string[]) }));
  let made = 0;
  for (const event of events) {
    const { seq } = store.insert(ev).values(event).returning({ seq: ev.seq }).get();
    for (const endpoint of endpoints) {
      if (!onlyEndpointId && !endpoint.events.has(event.type)) continue;
      store
        .insert(dl)
        .values({
          id: newDeliveryId(),
          eventSeq: seq,
          endpointId: endpoint.id,
          state: 'pending',
          nextAt: event.created,
          created: event.created,
          updated: event.created,
        })
        .run();
      made++;
    }
  }
  return made;
}

export interface ClaimedDelivery {
  delivery: StoreWebhookDeliveryRow;
  endpoint: StoreWebhookEndpointRow;
  event: StoreWebhookEventRow;
}

/**
 * The deliveries due now, at most one per endpoint and none for an endpoint with one in flight,
 * each the endpoint's oldest due event, held for `leaseMs` so no other drain sends them: an
 * endpoint receives its events one at a time, in the order they happened.
 */
export function claimStoreWebhookDeliveries(
  store: StoreScope,
  now: number,
  leaseMs: number,
  max: number,
  onlyEndpointId: string | null = null,
): ClaimedDelivery[] {
  const busy = store
    .selectDistinct({ endpointId: dl.endpointId })
    .from(dl)
    .where(gt(dl.leaseUntil, now))
    .all()
    .map((row) => row.endpointId);
  const due = store
    .select({ delivery: dl, endpoint: ep, event: ev })
    .from(dl)
    .innerJoin(ep, eq(ep.id, dl.endpointId))
    .innerJoin(ev, eq(ev.seq, dl.eventSeq))
    .where(
      and(
        eq(dl.state, 'pending'),
        lte(dl.nextAt, now),
        onlyEndpointId ? eq(dl.endpointId, onlyEndpointId) : undefined,
        or(eq(ep.enabled, true), eq(ev.type, WEBHOOK_TEST_EVENT)),
        busy.length > 0 ? sql`${dl.endpointId} NOT IN ${busy}` : undefined,
      ),
    )
    .orderBy(asc(dl.eventSeq))
    .limit(200)
    .all();
  const claimed: ClaimedDelivery[] = [];
  const taken = new Set<string>();
  for (const row of due) {
    if (taken.has(row.endpoint.id)) continue;
    taken.add(row.endpoint.id);
    claimed.push(row);
    if (claimed.length >= max) break;
  }
  if (claimed.length > 0) {
    store
      .update(dl)
      .set({ leaseUntil: now + leaseMs })
      .where(
        inArray(
          dl.id,
          claimed.map((c) => c.delivery.id),
        ),
      )
      .run();
  }
  return claimed;
}

export interface AttemptRecord extends Omit<StoreWebhookAttemptRow, 'id'> {
  id: string;
  delivered: boolean;
  /** Null: no further attempt (delivered, or the last one failed: dead). */
  nextAt: number | null;
}

/** Logs one attempt and moves its delivery and endpoint on: delivered, due again at `nextAt`, or dead. */
export function recordStoreWebhookAttempt(store: StoreScope, record: AttemptRecord): void {
  const { delivered, nextAt, ...row } = record;
  store.insert(at).values(row).run();
  store
    .update(dl)
    .set({
      state: delivered ? 'succeeded' : nextAt === null ? 'dead' : 'pending',
      attempts: sql`${dl.attempts} + 1`,
      nextAt: delivered ? null : nextAt,
      leaseUntil: null,
      lastStatus: row.responseStatus,
      updated: row.at,
    })
    .where(eq(dl.id, row.deliveryId))
    .run();
  store
    .update(ep)
    .set({ failingSince: delivered ? null : sql`coalesce(${ep.failingSince}, ${row.at})` })
    .where(eq(ep.id, row.endpointId))
    .run();
}

/** Makes failed deliveries due again now (one, or every dead or retrying one of an endpoint); answers how many. */
export function redeliverStoreWebhooks(store: StoreScope, target: { deliveryId: string } | { endpointId: string }, now: number): number {
  const which =
    'deliveryId' in target
      ? and(eq(dl.id, target.deliveryId), ne(dl.state, 'succeeded'))
      : and(eq(dl.endpointId, target.endpointId), or(eq(dl.state, 'dead'), and(eq(dl.state, 'pending'), gt(dl.attempts, 0))));
  return store.update(dl).set({ state: 'pending', nextAt: now, updated: now }).where(which).returning({ id: dl.id }).all().length;
}

export function findStoreWebhookDelivery(store: StoreScope, id: string): StoreWebhookDeliveryRow | null {
  return store.select().from(dl).where(eq(dl.id, id)).get() ?? null;
}

/** The event's place in the order of events, or null when it is not (or no longer) kept. */
export function findStoreWebhookEventSeq(store: StoreScope, id: string, livemode: boolean | null = null): number | null {
  return (
    store
      .select({ seq: ev.seq })
      .from(ev)
      .where(and(eq(ev.id, id), inMode(livemode)))
      .get()?.seq ?? null
  );
}

/** Events of one mode, by the `livemode` of the body they were sent with (decision 048); null: both. */
function inMode(livemode: boolean | null) {
  return livemode === null ? undefined : sql`json_extract(${ev.body}, '$.livemode') = ${livemode ? 1 : 0}`;
}

/** One event made since `since` (test events left out), of one mode or either, or null. */
export function findStoreWebhookEvent(
  store: StoreScope,
  id: string,
  since: number,
  livemode: boolean | null = null,
): StoreWebhookEventRow | null {
  return (
    store
      .select()
      .from(ev)
      .where(and(eq(ev.id, id), gte(ev.created, since), ne(ev.type, WEBHOOK_TEST_EVENT), inMode(livemode)))
      .get() ?? null
  );
}

/** Events after `afterSeq` made since `since`, in the order they happened (test events left out). */
export function listStoreWebhookEvents(
  store: StoreScope,
  afterSeq: number,
  limit: number,
  since: number,
  livemode: boolean | null = null,
): StoreWebhookEventRow[] {
  return store
    .select()
    .from(ev)
    .where(and(gt(ev.seq, afterSeq), gte(ev.created, since), ne(ev.type, WEBHOOK_TEST_EVENT), inMode(livemode)))
    .orderBy(asc(ev.seq))
    .limit(limit)
    .all();
}

export interface AttemptLogRow {
  attempt: StoreWebhookAttemptRow;
  eventId: string;
  eventType: string;
  deliveryState: StoreWebhookDeliveryRow['state'];
}

/** An endpoint's attempts, newest first, before `before` (ms) when given. */
export function listStoreWebhookAttempts(store: StoreScope, endpointId: string, before: number | null, limit: number): AttemptLogRow[] {
  return store
    .select({ attempt: at, eventId: ev.id, eventType: ev.type, deliveryState: dl.state })
    .from(at)
    .innerJoin(dl, eq(dl.id, at.deliveryId))
    .innerJoin(ev, eq(ev.seq, dl.eventSeq))
    .where(and(eq(at.endpointId, endpointId), before === null ? undefined : lt(at.at, before)))
    .orderBy(desc(at.at), desc(at.attempt))
    .limit(limit)
    .all();
}

export function countStoreWebhookEndpoints(store: StoreScope): number {
  return store.select({ n: count() }).from(ep).get()?.n ?? 0;
}

/** When the next pending delivery is due (the object's alarm takes over a lost queue message), or null. */
export function nextStoreWebhookDue(store: StoreScope): number | null {
  const query = builtOnce(store, 'next webhook due', (s) =>
    s
      .select({ due: min(dl.nextAt) })
      .from(dl)
      .innerJoin(ep, eq(ep.id, dl.endpointId))
      .where(and(eq(dl.state, 'pending'), isNotNull(dl.nextAt), eq(ep.enabled, true)))
      .prepare(),
  );
  return query.get()?.due ?? null;
}

/** Forgets events, deliveries and attempts from before `before`. */
export function pruneStoreWebhooks(store: StoreScope, before: number): void {
  // Run whenever events are made (each page a fax reports): built once per store.
  const [attempts, deliveries, events] = builtOnce(store, 'prune webhooks', (s) => [
    s
      .delete(at)
      .where(lt(at.at, sql.placeholder('before')))
      .prepare(),
    s
      .delete(dl)
      .where(lt(dl.created, sql.placeholder('before')))
      .prepare(),
    s
      .delete(ev)
      .where(lt(ev.created, sql.placeholder('before')))
      .prepare(),
  ]);
  attempts.run({ before });
  deliveries.run({ before });
  events.run({ before });
}
