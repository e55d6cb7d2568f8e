import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_PAUSES, type WebhookEndpointView, type WebhookEventView } from '../../src/common/outgoing-webhook-rules';
import { drainWebhooks } from '../../worker/outgoing-webhooks/drain';
import { outboxTo } from '../support/account';
import { CARDS, checkout, holdANumber } from '../support/billing';
import { call, signUp } from '../support/client';
import { insertSessionCookie, insertUser } from '../support/db';
import { storedDocument } from '../support/documents';
import { senderWithCredits, sendFax } from '../support/send-fax';
import { storeSql } from '../support/user-store';
import { waitFor } from '../support/wait';
import { addEndpoint, waitForAttempts, webhookReceiver } from '../support/webhook-receiver';

// Outgoing webhooks delivered (decision 047): a fax through the loopback network reaches the
// customer's receiver event by event in order; a failing receiver is retried with growing pauses
// until the delivery is dead; failed deliveries are sent again on request; an endpoint failing for
// days is turned off and the account mailed. The retry schedule is walked with the drain's clock.

function typesOf(bodies: string[]): string[] {
  return bodies.map((body) => (JSON.parse(body) as { type: string }).type);
}

describe('delivery', () => {
  it('a fax sent through the loopback network fires queued → sending → page_sent… → delivered in order', async () => {
    const receiver = webhookReceiver();
    const sender = await senderWithCredits(30);
    await addEndpoint(sender.cookie, receiver.url('/faxes'));
    const fileId = await storedDocument(sender.userId, 3);
    const response = await sendFax(sender.cookie, { toNumber: '+12125550123', fileId, coverpage: false, pageCount: 3 });
    expect(response.status).toBe(201);
    const { faxId } = (await response.json()) as { faxId: string };
    await waitFor(() => typesOf(receiver.received('/faxes').map((r) => r.body)).includes('fax.delivered'), {
      timeoutMs: 30_000,
      what: 'fax.delivered',
    });
    const bodies = receiver.received('/faxes').map((r) => JSON.parse(r.body) as { type: string; data: { id: string; page?: number } });
    expect(bodies.map((b) => (b.type === 'fax.page_sent' ? `${b.type}:${b.data.page}` : b.type))).toEqual([
      'fax.queued',
      'fax.sending',
      'fax.page_sent:1',
      'fax.page_sent:2',
      'fax.page_sent:3',
      'fax.delivered',
    ]);
    expect(bodies.every((b) => b.data.id === faxId)).toBe(true);
    // Each request is its own event: ids differ, and the account's events list has them in the same order.
    const ids = receiver.received('/faxes').map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    const events = await call('/api/webhookEvents?limit=100', { cookie: sender.cookie });
    expect(events.status).toBe(200);
    const page = (await events.json()) as { events: WebhookEventView[]; next: string | null };
    expect(page.events.map((e) => e.id)).toEqual(ids);
    // Caught up exactly from any event on.
    const after = await call(`/api/webhookEvents?after=${ids[2]}&limit=2`, { cookie: sender.cookie });
    const rest = (await after.json()) as { events: WebhookEventView[]; next: string | null };
    expect(rest.events.map((e) => e.id)).toEqual(ids.slice(3, 5));
    expect(rest.next).toBe(ids[4]);
    expect((await call('/api/webhookEvents?after=evt_unknownunknownunknown', { cookie: sender.cookie })).status).toBe(400);
  });

  it('a busy line fires fax.retrying for each planned retry, then fax.failed', async () => {
    const receiver = webhookReceiver();
    const sender = await senderWithCredits(30);
    await addEndpoint(sender.cookie, receiver.url('/busy'), ['fax.queued', 'fax.retrying', 'fax.failed', 'fax.delivered']);
    const fileId = await storedDocument(sender.userId, 1);
    expect((await sendFax(sender.cookie, { toNumber: '+12125550001', fileId, coverpage: false, pageCount: 1 })).status).toBe(201);
    const types = () => typesOf(receiver.received('/busy').map((r) => r.body));
    await waitFor(() => types().includes('fax.failed'), { timeoutMs: 45_000, what: 'fax.failed' });
    expect(types()).toEqual(['fax.queued', 'fax.retrying', 'fax.retrying', 'fax.retrying', 'fax.failed']);
    const failed = JSON.parse(receiver.received('/busy').at(-1)!.body) as { data: { failure_reason: string; attempt: number } };
    expect(failed.data).toMatchObject({ failure_reason: 'BUSY', attempt: 4 });
  });

  it('a number assigned at checkout fires number.assigned', async () => {
    const receiver = webhookReceiver();
    const { cookie } = await signUp();
    await addEndpoint(cookie, receiver.url('/numbers'), ['number.assigned']);
    const held = await holdANumber(cookie);
    expect((await checkout(cookie, CARDS.succeeds, 'BASIC', 'MONTH')).status).toBe(200);
    const [request] = await waitFor(() => receiver.received('/numbers').length > 0 && receiver.received('/numbers'), {
      what: 'number.assigned',
    });
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'number.assigned', data: { number: held.number } });
  });

  it('keeps events 30 days: older ones are not listed, and go when the next event is made', async () => {
    const sender = await senderWithCredits(30);
    const old = Date.now() - 31 * 86_400_000;
    await storeSql(
      sender.userId,
      'INSERT INTO webhook_events (id, type, body, created) VALUES (?, ?, ?, ?)',
      'evt_oldoldoldoldoldold',
      'fax.queued',
      '{}',
      old,
    );
    const listed = (await (await call('/api/webhookEvents', { cookie: sender.cookie })).json()) as { events: WebhookEventView[] };
    expect(listed.events).toEqual([]);
    const fileId = await storedDocument(sender.userId, 1);
    expect((await sendFax(sender.cookie, { toNumber: '+12125550123', fileId, coverpage: false, pageCount: 1 })).status).toBe(201);
    expect(await storeSql(sender.userId, 'SELECT id FROM webhook_events WHERE created < ?', Date.now() - 30 * 86_400_000)).toEqual([]);
  });

  it('a charge that leaves 10 pages or fewer fires credits.low', async () => {
    const receiver = webhookReceiver();
    const sender = await senderWithCredits(12);
    await addEndpoint(sender.cookie, receiver.url('/credits'), ['credits.low']);
    const fileId = await storedDocument(sender.userId, 3);
    expect((await sendFax(sender.cookie, { toNumber: '+12125550123', fileId, coverpage: false, pageCount: 3 })).status).toBe(201);
    const [request] = await waitFor(() => receiver.received('/credits').length > 0 && receiver.received('/credits'), {
      what: 'credits.low',
    });
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'credits.low', data: { kind: 'send', available: 9, threshold: 10 } });
  });

  it('a failing receiver is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery is dead', async () => {
    const receiver = webhookReceiver();
    receiver.answer('/down', 503);
    const sender = await senderWithCredits(0);
    const { endpoint } = await addEndpoint(sender.cookie, receiver.url('/down'));
    await call('/api/sendTestWebhook', { method: 'POST', cookie: sender.cookie, body: { endpointId: endpoint.id } });
    const [first] = await waitForAttempts(sender.cookie, endpoint.id, 1);
    expect(first).toMatchObject({ responseStatus: 503, responseBody: 'receiver down', retryInSeconds: 5, deliveryState: 'pending' });
    // Walk the schedule: each attempt is due exactly its pause after the one before, not a moment sooner.
    let clock = first!.at;
    for (const pause of WEBHOOK_RETRY_PAUSES) {
      expect((await drainWebhooks(env, sender.userId, () => clock + pause * 1000 - 1)).attempts).toBe(0);
      clock += pause * 1000;
      expect((await drainWebhooks(env, sender.userId, () => clock)).attempts).toBe(1);
    }
    const attempts = await waitForAttempts(sender.cookie, endpoint.id, 8);
    expect(attempts.map((a) => a.retryInSeconds)).toEqual([...WEBHOOK_RETRY_PAUSES, null]);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(attempts.at(-1)!.deliveryState).toBe('dead');
    expect((await drainWebhooks(env, sender.userId, () => clock + 86_400_000)).attempts).toBe(0);
    expect(receiver.received('/down')).toHaveLength(8);

    // Redeliver one: the receiver is back.
    receiver.answer('/down', 200);
    const again = await call('/api/redeliverWebhooks', {
      method: 'POST',
      cookie: sender.cookie,
      body: { endpointId: endpoint.id, deliveryId: first!.deliveryId },
    });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ redelivered: 1 });
    const afterRedelivery = await waitForAttempts(sender.cookie, endpoint.id, 9);
    // The log is newest first by when each attempt was made, and the walk above ran the clock ahead.
    expect(afterRedelivery.find((a) => a.attempt === 9)).toMatchObject({ responseStatus: 200, deliveryState: 'succeeded' });
  });

  it('redelivers every failed delivery of an endpoint at once', async () => {
    const receiver = webhookReceiver();
    receiver.answer('/flaky', 500);
    const sender = await senderWithCredits(0);
    const { endpoint } = await addEndpoint(sender.cookie, receiver.url('/flaky'));
    for (let i = 0; i < 3; i++)
      await call('/api/sendTestWebhook', { method: 'POST', cookie: sender.cookie, body: { endpointId: endpoint.id } });
    await waitForAttempts(sender.cookie, endpoint.id, 3);
    receiver.answer('/flaky', 204);
    const again = await call('/api/redeliverWebhooks', { method: 'POST', cookie: sender.cookie, body: { endpointId: endpoint.id } });
    expect(await again.json()).toEqual({ redelivered: 3 });
    const attempts = await waitForAttempts(sender.cookie, endpoint.id, 6);
    expect(attempts.slice(3).map((a) => a.responseStatus)).toEqual([204, 204, 204]);
    const none = await call('/api/redeliverWebhooks', { method: 'POST', cookie: sender.cookie, body: { endpointId: endpoint.id } });
    expect(await none.json()).toEqual({ redelivered: 0 });
  });

  it('an endpoint failing for 5 days in a row is turned off, and the account mailed', async () => {
    const receiver = webhookReceiver();
    receiver.answer('/gone', 410);
    const user = await insertUser();
    const cookie = await insertSessionCookie(user.id);
    const { endpoint } = await addEndpoint(cookie, receiver.url('/gone'));
    await call('/api/sendTestWebhook', { method: 'POST', cookie, body: { endpointId: endpoint.id } });
    const [first] = await waitForAttempts(cookie, endpoint.id, 1);
    // Four days on, still failing: still on.
    expect((await drainWebhooks(env, user.id, () => first!.at + 4 * 86_400_000)).attempts).toBe(1);
    let list = (await (await call('/api/webhookEndpoints', { cookie })).json()) as { endpoints: WebhookEndpointView[] };
    expect(list.endpoints[0]).toMatchObject({ enabled: true, failingSince: first!.at });
    // Five days after the first failure, another failure turns it off.
    await call('/api/sendTestWebhook', { method: 'POST', cookie, body: { endpointId: endpoint.id } });
    await waitForAttempts(cookie, endpoint.id, 3);
    const report = await drainWebhooks(env, user.id, () => first!.at + 5 * 86_400_000 + 60_000);
    expect(report.attempts).toBeGreaterThanOrEqual(1);
    list = (await (await call('/api/webhookEndpoints', { cookie })).json()) as { endpoints: WebhookEndpointView[] };
    expect(list.endpoints[0]).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await waitFor(async () => (await outboxTo(user.email)).find((m) => m.subject.includes('webhook')), { what: 'the mail' });
    expect(mail.text).toContain(receiver.url('/gone'));
    // Turned on again by the user, its streak starts over.
    const on = await call('/api/editWebhookEndpoint', { method: 'POST', cookie, body: { endpointId: endpoint.id, enabled: true } });
    expect(((await on.json()) as { endpoint: WebhookEndpointView }).endpoint).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
  });
});
