import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { problemOf, v1 } from '../support/api-keys';
import { storedDocument } from '../support/documents';
import { integrator } from '../support/v1';
import { waitFor } from '../support/wait';
import { webhookReceiver } from '../support/webhook-receiver';

// Webhook endpoints managed through /v1 (decision 049), with the functions Settings uses: added with
// a secret shown once, listed, changed, rotated, deleted; the delivery log read and a failed
// delivery sent again; the SSRF rules and the catalogue of events hold as on the site.

interface V1Endpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  previous_secret_until: string | null;
  secret?: string;
}
interface V1Attempt {
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  response_status: number | null;
  delivery_state: string;
}

const json = async <T>(response: Response, status: number): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};

describe('/v1/webhook_endpoints', () => {
  it('adds an endpoint with its secret shown once, lists, changes, rotates and deletes it', async () => {
    const me = await integrator(0);
    const created = await json<V1Endpoint>(
      await v1('/webhook_endpoints', me.key, {
        method: 'POST',
        body: { url: 'https://hooks.receiver.test/crm', events: ['fax.failed', 'fax.delivered', 'fax.failed'], description: 'CRM' },
      }),
      201,
    );
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: 'https://hooks.receiver.test/crm',
      enabled: true,
      description: 'CRM',
    });
    // The site's rule: the catalogue's order, each once.
    expect(created.events).toEqual(['fax.delivered', 'fax.failed']);
    expect(created.secret).toMatch(/^whsec_/);

    const list = await json<{ data: V1Endpoint[] }>(await v1('/webhook_endpoints', me.key), 200);
    expect(list.data.map((e) => e.id)).toEqual([created.id]);
    expect(list.data[0]).not.toHaveProperty('secret');
    expect(await json<V1Endpoint>(await v1(`/webhook_endpoints/${created.id}`, me.key), 200)).toEqual(list.data[0]);

    const changed = await json<V1Endpoint>(
      await v1(`/webhook_endpoints/${created.id}`, me.key, { method: 'PATCH', body: { events: ['fax.received'], enabled: false } }),
      200,
    );
    expect(changed).toMatchObject({ events: ['fax.received'], enabled: false, description: 'CRM' });
    const nothing = await v1(`/webhook_endpoints/${created.id}`, me.key, { method: 'PATCH', body: {} });
    expect(nothing.status).toBe(400);

    const rotated = await json<V1Endpoint>(await v1(`/webhook_endpoints/${created.id}/rotate_secret`, me.key, { method: 'POST' }), 200);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.previous_secret_until!)).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const deleted = await v1(`/webhook_endpoints/${created.id}`, me.key, { method: 'DELETE' });
    expect(await json(deleted, 200)).toEqual({ id: created.id, object: 'webhook_endpoint', deleted: true });
    expect((await v1(`/webhook_endpoints/${created.id}`, me.key)).status).toBe(404);
  });

  it('refuses what the site refuses: private and plain-http URLs, unknown events', async () => {
    const me = await integrator(0);
    for (const url of ['https://127.0.0.1/hook', 'https://169.254.169.254/latest', 'https://[::1]/', 'https://rebound.receiver.test/']) {
      const response = await v1('/webhook_endpoints', me.key, { method: 'POST', body: { url, events: ['fax.delivered'] } });
      expect(response.status, url).toBe(400);
      expect((await problemOf(response)).type).toMatch(/#problem-webhook-url-refused$/);
    }
    const plain = await v1('/webhook_endpoints', me.key, {
      method: 'POST',
      body: { url: 'http://hooks.receiver.test/', events: ['fax.delivered'] },
    });
    expect((await problemOf(plain)).type).toMatch(/#problem-webhook-url-refused$/);
    const unknown = await v1('/webhook_endpoints', me.key, {
      method: 'POST',
      body: { url: 'https://hooks.receiver.test/', events: ['fax.nope'] },
    });
    expect(unknown.status).toBe(400);
    expect((await problemOf(unknown)).errors!.map((e) => e.field)).toEqual(['events.0']);
    const unscoped = await integrator(0, { scopes: ['faxes:read'] });
    expect((await v1('/webhook_endpoints', unscoped.key)).status).toBe(403);
  });

  it('shows the delivery log, signed as Standard Webhooks, and sends a failed delivery again', async () => {
    const receiver = webhookReceiver();
    receiver.answer('/down', 503);
    const me = await integrator(10);
    const endpoint = await json<V1Endpoint>(
      await v1('/webhook_endpoints', me.key, { method: 'POST', body: { url: receiver.url('/down'), events: ['fax.queued'] } }),
      201,
    );
    const fileId = await storedDocument(me.userId, 1);
    expect((await v1('/faxes', me.key, { method: 'POST', body: { to: '2125550123', file_id: fileId } })).status).toBe(201);
    const attemptsOf = async () =>
      (await json<{ data: V1Attempt[] }>(await v1(`/webhook_endpoints/${endpoint.id}/attempts`, me.key), 200)).data;
    const [failed] = await waitFor(async () => ((await attemptsOf()).length > 0 ? attemptsOf() : null), { what: 'an attempt' });
    expect(failed).toMatchObject({ event_type: 'fax.queued', attempt: 1, response_status: 503, delivery_state: 'pending' });
    // Signed with the secret /v1 answered, verified by a second implementation.
    const [request] = receiver.received('/down');
    expect(new Webhook(endpoint.secret!).verify(request!.body, request!.headers)).toMatchObject({ type: 'fax.queued' });
    expect(request!.headers['webhook-id']).toBe(failed!.event_id);

    receiver.answer('/down', 200);
    const again = await v1(`/webhook_endpoints/${endpoint.id}/redeliver`, me.key, {
      method: 'POST',
      body: { delivery_id: failed!.delivery_id },
    });
    expect(await json(again, 202)).toEqual({ object: 'redelivery', redelivered: 1 });
    const log = await waitFor(
      async () => {
        const attempts = await attemptsOf();
        return attempts.some((a) => a.response_status === 200) ? attempts : null;
      },
      { what: 'the redelivery' },
    );
    expect(log[0]).toMatchObject({ delivery_id: failed!.delivery_id, response_status: 200, delivery_state: 'succeeded' });
    // Paging the log: one a page, the cursor walks back to the first attempt.
    const first = await json<{ data: V1Attempt[]; next_cursor: string | null }>(
      await v1(`/webhook_endpoints/${endpoint.id}/attempts?limit=1`, me.key),
      200,
    );
    expect(first.data).toHaveLength(1);
    const second = await json<{ data: V1Attempt[]; next_cursor: string | null }>(
      await v1(`/webhook_endpoints/${endpoint.id}/attempts?limit=1&after=${first.next_cursor}`, me.key),
      200,
    );
    expect(second.data[0]).toMatchObject({ response_status: 503 });
    // Nothing failed left to send: every failed one of the endpoint is none.
    expect(await json(await v1(`/webhook_endpoints/${endpoint.id}/redeliver`, me.key, { method: 'POST' }), 202)).toEqual({
      object: 'redelivery',
      redelivered: 0,
    });
  });
});
