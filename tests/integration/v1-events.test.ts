import { describe, expect, it } from 'vitest';
import { createKey, problemOf, v1 } from '../support/api-keys';
import { storedDocument } from '../support/documents';
import { integrator } from '../support/v1';
import { waitFor } from '../support/wait';
import { addEndpoint, webhookReceiver } from '../support/webhook-receiver';

// GET /v1/events (decision 049): the very events the account's webhooks carry (ids, types, bodies),
// in the order they happened, from any event on, so a client that missed some catches up exactly;
// another account's events are neither listed nor found.

interface V1Event {
  id: string;
  object: 'event';
  type: string;
  timestamp: string;
  livemode: boolean;
  data: { id?: string; page?: number };
}
interface V1List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

async function events(key: string, query = ''): Promise<V1List<V1Event>> {
  const response = await v1(`/events${query}`, key);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as V1List<V1Event>;
}

describe('GET /v1/events', () => {
  it('lists what the webhooks sent, in order, and catches up exactly from any event', async () => {
    const receiver = webhookReceiver();
    const me = await integrator(20);
    await addEndpoint(me.cookie, receiver.url('/events'));
    const fileId = await storedDocument(me.userId, 2);
    const sent = await v1('/faxes', me.key, { method: 'POST', body: { to: '2125550123', file_id: fileId } });
    expect(sent.status).toBe(201);
    const fax = (await sent.json()) as { id: string };
    await waitFor(() => receiver.received('/events').some((r) => r.body.includes('"fax.delivered"')), {
      timeoutMs: 30_000,
      what: 'fax.delivered at the receiver',
    });

    const all = await events(me.key, '?limit=100');
    expect(all.has_more).toBe(false);
    expect(all.data.map((e) => (e.type === 'fax.page_sent' ? `${e.type}:${e.data.page}` : e.type))).toEqual([
      'fax.queued',
      'fax.sending',
      'fax.page_sent:1',
      'fax.page_sent:2',
      'fax.delivered',
    ]);
    // The same events the receiver got: its webhook-id is the event's id, its body the event less id and object.
    const delivered = receiver.received('/events');
    expect(all.data.map((e) => e.id)).toEqual(delivered.map((r) => r.headers['webhook-id']));
    all.data.forEach((event, i) => {
      const { id, object, ...body } = event;
      expect(object).toBe('event');
      expect(JSON.parse(delivered[i]!.body)).toEqual(body);
      expect(body.data.id).toBe(fax.id);
    });

    // Paging walks the same list, and `after` any id answers exactly what followed it.
    const first = await events(me.key, '?limit=2');
    expect(first.data.map((e) => e.id)).toEqual(all.data.slice(0, 2).map((e) => e.id));
    expect(first).toMatchObject({ has_more: true, next_cursor: all.data[1]!.id });
    const second = await events(me.key, `?after=${first.next_cursor}&limit=2`);
    expect(second.data.map((e) => e.id)).toEqual(all.data.slice(2, 4).map((e) => e.id));
    for (let i = 0; i < all.data.length; i++) {
      const rest = await events(me.key, `?after=${all.data[i]!.id}&limit=100`);
      expect(rest.data.map((e) => e.id)).toEqual(all.data.slice(i + 1).map((e) => e.id));
    }
    const last = await events(me.key, `?after=${all.data.at(-1)!.id}`);
    expect(last).toEqual({ object: 'list', data: [], has_more: false, next_cursor: null });

    // One event by its id.
    const one = await v1(`/events/${all.data[2]!.id}`, me.key);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(all.data[2]);
  });

  it('shows an account only its own events: another’s id is unknown as a cursor and not found', async () => {
    const me = await integrator(20);
    const other = await integrator(20);
    const fileId = await storedDocument(other.userId, 1);
    expect((await v1('/faxes', other.key, { method: 'POST', body: { to: '2125550123', file_id: fileId } })).status).toBe(201);
    const theirs = await waitFor(async () => (await events(other.key)).data[0] ?? null, { timeoutMs: 10_000, what: 'an event' });

    expect((await events(me.key)).data).toEqual([]);
    const foreign = await v1(`/events/${theirs.id}`, me.key);
    expect(foreign.status).toBe(404);
    expect((await problemOf(foreign)).type).toMatch(/#problem-not-found$/);
    const cursor = await v1(`/events?after=${theirs.id}`, me.key);
    expect(cursor.status).toBe(400);
    expect((await problemOf(cursor)).errors).toEqual([{ field: 'after', message: 'unknown event' }]);
    expect((await v1('/events/not-an-event', me.key)).status).toBe(400);
    expect((await v1('/events?limit=0', me.key)).status).toBe(400);
  });

  it('keeps to the key’s mode: a test key of the same account reads none of the live events', async () => {
    const me = await integrator(20);
    const fileId = await storedDocument(me.userId, 1);
    expect((await v1('/faxes', me.key, { method: 'POST', body: { to: '2125550123', file_id: fileId } })).status).toBe(201);
    const live = await waitFor(async () => (await events(me.key)).data[0] ?? null, { timeoutMs: 10_000, what: 'an event' });
    expect(live.livemode).toBe(true);
    const { secret: testKey } = await createKey(me.cookie, { mode: 'test' });
    expect((await events(testKey)).data).toEqual([]);
    expect((await v1(`/events/${live.id}`, testKey)).status).toBe(404);
    expect((await v1(`/events?after=${live.id}`, testKey)).status).toBe(400);
  });

  it('needs faxes:read', async () => {
    const me = await integrator(0, { scopes: ['contacts:read'] });
    const response = await v1('/events', me.key);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).type).toMatch(/#problem-insufficient-scope$/);
    expect((await v1('/events', null)).status).toBe(401);
  });
});
