import { env } from 'cloudflare:workers';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { WebhookEndpointView } from '../../src/common/outgoing-webhook-rules';
import { signWebhook } from '../../worker/crypto/standard-webhooks';
import { readConfig } from '../../worker/env';
import { attemptDelivery } from '../../worker/outgoing-webhooks/deliver';
import { makeEndpointSecret } from '../../worker/outgoing-webhooks/secrets';
import { call, errorCode, signUp } from '../support/client';
import { waitFor } from '../support/wait';
import { addEndpoint, waitForAttempts, webhookReceiver } from '../support/webhook-receiver';

// Outgoing webhooks managed from Settings → Developers (decision 047): endpoints, their secrets
// and rotation, the Standard Webhooks signature checked by a second implementation (the
// `standardwebhooks` package), and the SSRF rules at save and at delivery.

const SSRF_URLS = [
  'https://127.0.0.1/hook',
  'https://10.0.0.1/hook',
  'https://169.254.169.254/latest/meta-data',
  'https://[::1]/hook',
  'https://0x7f000001/hook',
  'https://2130706433/hook',
  'https://0177.0.0.1/hook',
  'https://127.1/hook',
  'https://100.64.0.1/hook',
  'https://172.16.5.4/hook',
  'https://192.168.1.1/hook',
  'https://0.0.0.0/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[fc00::1]/hook',
  'https://[fe80::1]/hook',
  'https://224.0.0.1/hook',
  'https://rebound.receiver.test/hook', // a name resolving to 127.0.0.1
  'https://v6.receiver.test/hook', // a name resolving to ::ffff:10.0.0.1
  'https://localhost/hook',
  'https://intranet/hook',
  'https://unknown-name.receiver.test/hook', // does not resolve
  'http://hooks.receiver.test/hook', // https only
  'http://127.0.0.1:9999/hook', // local http is localhost by name only
  'ftp://hooks.receiver.test/hook',
  'https://user:pass@hooks.receiver.test/hook',
];

describe('webhook endpoints', () => {
  it('adds an endpoint and shows its whsec_ secret once; the list never shows it', async () => {
    const { cookie } = await signUp();
    const created = await addEndpoint(cookie, 'https://hooks.receiver.test/a', ['fax.delivered', 'fax.queued']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({
      url: 'https://hooks.receiver.test/a',
      events: ['fax.queued', 'fax.delivered'],
      enabled: true,
    });
    const list = await call('/api/webhookEndpoints', { cookie });
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(created.secret.slice(6));
    const body = JSON.parse(text) as { endpoints: WebhookEndpointView[]; eventTypes: string[] };
    expect(body.endpoints.map((e) => e.id)).toEqual([created.endpoint.id]);
    expect(body.eventTypes).toContain('credits.low');
  });

  it('refuses bad input (400), no session (401), and another account’s endpoint (404)', async () => {
    const { cookie } = await signUp();
    const other = await signUp();
    const bad = await call('/api/addWebhookEndpoint', {
      method: 'POST',
      cookie,
      body: { url: 'https://hooks.receiver.test/', events: ['fax.nope'] },
    });
    expect(bad.status).toBe(400);
    expect(await errorCode(bad)).toBe('INVALID_INPUT');
    const none = await call('/api/addWebhookEndpoint', {
      method: 'POST',
      cookie,
      body: { url: 'https://hooks.receiver.test/', events: [] },
    });
    expect(none.status).toBe(400);
    expect((await call('/api/webhookEndpoints', {})).status).toBe(401);
    const { endpoint } = await addEndpoint(cookie, 'https://hooks.receiver.test/mine');
    for (const [path, body] of [
      ['/api/editWebhookEndpoint', { endpointId: endpoint.id, enabled: false }],
      ['/api/deleteWebhookEndpoint', { endpointId: endpoint.id }],
      ['/api/rotateWebhookSecret', { endpointId: endpoint.id }],
      ['/api/sendTestWebhook', { endpointId: endpoint.id }],
      ['/api/redeliverWebhooks', { endpointId: endpoint.id }],
    ] as const) {
      const response = await call(path, { method: 'POST', cookie: other.cookie, body });
      expect(response.status, path).toBe(404);
    }
    expect((await call(`/api/webhookEndpoints/${endpoint.id}/attempts`, { cookie: other.cookie })).status).toBe(404);
    expect((await call('/api/webhookEndpoints', { cookie })).status).toBe(200);
  });

  it('edits, turns off and deletes an endpoint', async () => {
    const { cookie } = await signUp();
    const { endpoint } = await addEndpoint(cookie, 'https://hooks.receiver.test/e');
    const edited = await call('/api/editWebhookEndpoint', {
      method: 'POST',
      cookie,
      body: { endpointId: endpoint.id, description: 'CRM', events: ['fax.received'], enabled: false },
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { endpoint: WebhookEndpointView }).endpoint).toMatchObject({
      description: 'CRM',
      events: ['fax.received'],
      enabled: false,
    });
    const nothing = await call('/api/editWebhookEndpoint', { method: 'POST', cookie, body: { endpointId: endpoint.id } });
    expect(nothing.status).toBe(400);
    expect((await call('/api/deleteWebhookEndpoint', { method: 'POST', cookie, body: { endpointId: endpoint.id } })).status).toBe(200);
    expect((await call('/api/deleteWebhookEndpoint', { method: 'POST', cookie, body: { endpointId: endpoint.id } })).status).toBe(404);
  });

  it('refuses every private, loopback, link-local, CGNAT, multicast or unresolvable target at save', async () => {
    const { cookie } = await signUp();
    const { endpoint } = await addEndpoint(cookie, 'https://hooks.receiver.test/ok');
    for (const url of SSRF_URLS) {
      const added = await call('/api/addWebhookEndpoint', { method: 'POST', cookie, body: { url, events: ['fax.delivered'] } });
      expect(added.status, url).toBe(400);
      expect(await errorCode(added), url).toBe('WEBHOOK_URL_REFUSED');
      const edited = await call('/api/editWebhookEndpoint', { method: 'POST', cookie, body: { endpointId: endpoint.id, url } });
      expect(edited.status, url).toBe(400);
    }
    // Local runs (WEBHOOK_ALLOW_LOCAL_HTTP=on, never in production) may call a receiver on this machine by name.
    expect(
      (
        await call('/api/addWebhookEndpoint', {
          method: 'POST',
          cookie,
          body: { url: 'http://localhost:9999/hook', events: ['fax.delivered'] },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a private target at delivery too, before any request leaves', async () => {
    const receiver = webhookReceiver();
    const config = readConfig(env);
    const now = Date.now();
    const attempt = await attemptDelivery(
      config,
      'someone',
      {
        delivery: {
          id: 'del_x',
          eventSeq: 1,
          endpointId: 'we_x',
          state: 'pending',
          attempts: 0,
          nextAt: now,
          leaseUntil: null,
          lastStatus: null,
          created: now,
          updated: now,
        },
        endpoint: {
          id: 'we_x',
          url: 'https://rebound.receiver.test/hook',
          description: '',
          events: '[]',
          enabled: true,
          disabledReason: null,
          secret: (await makeEndpointSecret(config, 'someone', 'we_x')).sealed,
          previousSecret: null,
          previousSecretUntil: null,
          failingSince: null,
          created: now,
          updated: now,
        },
        event: { seq: 1, id: 'evt_x', type: 'webhook.test', body: '{}', created: now },
      },
      now,
    );
    expect(attempt).toMatchObject({ delivered: false, responseStatus: null, error: 'Refused: PRIVATE_ADDRESS', retryInSeconds: 5 });
    expect(receiver.received()).toEqual([]);
  });
});

describe('signatures (Standard Webhooks)', () => {
  it('a test event verifies with the standardwebhooks package; a tampered body or an old timestamp does not', async () => {
    const receiver = webhookReceiver();
    const { cookie } = await signUp();
    const { endpoint, secret } = await addEndpoint(cookie, receiver.url('/signed'));
    const sent = await call('/api/sendTestWebhook', { method: 'POST', cookie, body: { endpointId: endpoint.id } });
    expect(sent.status).toBe(202);
    const { eventId } = (await sent.json()) as { eventId: string };
    const [request] = await waitFor(() => receiver.received('/signed').length > 0 && receiver.received('/signed'), {
      what: 'the test event',
    });
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(request!.headers['content-type']).toBe('application/json');
    const wh = new Webhook(secret);
    const payload = wh.verify(request!.body, request!.headers) as { type: string; livemode: boolean; timestamp: string; data: unknown };
    expect(payload).toMatchObject({ type: 'webhook.test', livemode: true });
    expect(() => wh.verify(request!.body.replace('test', 'tset'), request!.headers)).toThrow();
    const old = Math.floor(Date.now() / 1000) - 10 * 60;
    const oldHeaders = {
      ...request!.headers,
      'webhook-timestamp': String(old),
      'webhook-signature': await signWebhook(secret, eventId, old, request!.body),
    };
    expect(() => wh.verify(request!.body, oldHeaders)).toThrow();
    expect(() => new Webhook(`whsec_${btoa('another secret of 32 bytes.....')}`).verify(request!.body, request!.headers)).toThrow();

    const [attempt] = await waitForAttempts(cookie, endpoint.id, 1);
    expect(attempt).toMatchObject({
      eventId,
      eventType: 'webhook.test',
      responseStatus: 200,
      responseBody: 'ok',
      deliveryState: 'succeeded',
      attempt: 1,
    });
    expect(attempt!.requestHeaders['webhook-signature']).toBe(request!.headers['webhook-signature']);
    expect(attempt!.requestBody).toBe(request!.body);
  });

  it('after a rotation both secrets sign for 24 hours: two v1 signatures, each verifies', async () => {
    const receiver = webhookReceiver();
    const { cookie } = await signUp();
    const { endpoint, secret: oldSecret } = await addEndpoint(cookie, receiver.url('/rotated'));
    const rotated = await call('/api/rotateWebhookSecret', { method: 'POST', cookie, body: { endpointId: endpoint.id } });
    expect(rotated.status).toBe(200);
    const { secret: newSecret, endpoint: after } = (await rotated.json()) as { secret: string; endpoint: WebhookEndpointView };
    expect(newSecret).not.toBe(oldSecret);
    expect(after.previousSecretUntil! - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await call('/api/sendTestWebhook', { method: 'POST', cookie, body: { endpointId: endpoint.id } });
    const [request] = await waitFor(() => receiver.received('/rotated').length > 0 && receiver.received('/rotated'), {
      what: 'the test event',
    });
    const signatures = request!.headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    expect(new Webhook(newSecret).verify(request!.body, request!.headers)).toBeTruthy();
    expect(new Webhook(oldSecret).verify(request!.body, request!.headers)).toBeTruthy();
  });
});
