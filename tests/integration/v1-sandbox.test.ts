import { env } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_FAX_PAGES } from '../../src/common/faxes';
import { dispatchFax } from '../../worker/fax/dispatch';
import { createKey, problemOf, v1 } from '../support/api-keys';
import { call } from '../support/client';
import { storedDocument } from '../support/documents';
import { attemptRows, faxRow, findLedgerRow, insertSendFax, sendCreditsOf, waitForFaxDone } from '../support/faxes';
import { storeSql } from '../support/user-store';
import { exhaustKey, type Integrator, integrator } from '../support/v1';
import { waitFor } from '../support/wait';
import { addEndpoint, type Receiver, webhookReceiver } from '../support/webhook-receiver';

// The sandbox (decision 048, issue 33 point 5): a test key's faxes go through the simulated network
// whatever CARRIER is, charge nothing, are seen by test keys only, fire their webhooks as live ones
// do with `livemode: false`, are capped per day, and can be wiped. Each documented magic number
// ends as docs/api-v1.md says.

interface V1Fax {
  id: string;
  direction: string;
  status: string;
  pages_sent: number;
  page_count: number;
  attempt: number;
  credits_charged: number;
  failure: { reason: string; retryable: boolean; pages_sent: number } | null;
  livemode: boolean;
  in_trash: boolean;
}
interface V1List {
  data: V1Fax[];
}
interface Hook {
  type: string;
  livemode: boolean;
  data: { id: string; page?: number; status: string; attempt: number };
}

const ALL_FAX_EVENTS = [
  'fax.queued',
  'fax.sending',
  'fax.page_sent',
  'fax.retrying',
  'fax.delivered',
  'fax.failed',
  'fax.received',
] as const;

async function sandboxIntegrator(credits = 0): Promise<Integrator & { testKey: string; testKeyId: string }> {
  const me = await integrator(credits);
  const test = await createKey(me.cookie, { mode: 'test' });
  return { ...me, testKey: test.secret, testKeyId: test.apiKey.id };
}

async function sendWith(key: string, to: string | string[], fileId: string): Promise<Response> {
  return v1('/faxes', key, { method: 'POST', body: { to, file_id: fileId } });
}

async function sent(key: string, to: string, fileId: string): Promise<V1Fax> {
  const response = await sendWith(key, to, fileId);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as V1Fax;
}

function hooksOf(receiver: Receiver, faxId: string): Hook[] {
  return receiver
    .received('/sandbox')
    .map((request) => JSON.parse(request.body) as Hook)
    .filter((hook) => hook.data.id === faxId);
}

/** The site's counters of sent faxes (zeros when the store has no row yet). */
async function sendCounters(userId: string) {
  const [row] = await storeSql<{ total: number; lifetime: number; trashed: number }>(
    userId,
    "SELECT total, lifetime, trashed FROM fax_counters WHERE direction = 'SEND'",
  );
  return row ?? { total: 0, lifetime: 0, trashed: 0 };
}

const labelled = (hooks: Hook[]) => hooks.map((hook) => (hook.type === 'fax.page_sent' ? `${hook.type}:${hook.data.page}` : hook.type));

describe('magic numbers', () => {
  it('each ends as documented, with its webhooks in order and livemode false; nothing is charged', async () => {
    const receiver = webhookReceiver();
    const me = await sandboxIntegrator(5);
    await addEndpoint(me.cookie, receiver.url('/sandbox'), [...ALL_FAX_EVENTS]);
    const onePage = await storedDocument(me.userId, 1);
    const threePages = await storedDocument(me.userId, 3);
    const cases = [
      {
        to: '+12125550123',
        file: threePages,
        end: { status: 'delivered', pages_sent: 3, attempt: 1, failure: null },
        hooks: ['fax.queued', 'fax.sending', 'fax.page_sent:1', 'fax.page_sent:2', 'fax.page_sent:3', 'fax.delivered'],
      },
      {
        to: '+12125550001',
        file: onePage,
        end: { status: 'failed', pages_sent: 0, attempt: 4, failure: { reason: 'busy', retryable: true, pages_sent: 0 } },
        hooks: ['fax.queued', 'fax.retrying', 'fax.retrying', 'fax.retrying', 'fax.failed'],
      },
      {
        to: '+12125550002',
        file: onePage,
        end: { status: 'failed', pages_sent: 0, attempt: 4, failure: { reason: 'no_answer', retryable: true, pages_sent: 0 } },
        hooks: ['fax.queued', 'fax.retrying', 'fax.retrying', 'fax.retrying', 'fax.failed'],
      },
      {
        to: '+12125550003',
        file: onePage,
        end: { status: 'failed', pages_sent: 0, attempt: 1, failure: { reason: 'not_a_fax_machine', retryable: false, pages_sent: 0 } },
        hooks: ['fax.queued', 'fax.sending', 'fax.failed'],
      },
      {
        to: '+12125550004',
        file: onePage,
        end: { status: 'failed', pages_sent: 0, attempt: 1, failure: { reason: 'invalid_number', retryable: false, pages_sent: 0 } },
        hooks: ['fax.queued', 'fax.failed'],
      },
      {
        to: '+12125550005',
        file: onePage,
        end: { status: 'delivered', pages_sent: 1, attempt: 2, failure: null },
        hooks: ['fax.queued', 'fax.retrying', 'fax.sending', 'fax.page_sent:1', 'fax.delivered'],
      },
      {
        to: '+12125550012',
        file: threePages,
        end: { status: 'failed', pages_sent: 2, attempt: 4, failure: { reason: 'line_dropped', retryable: true, pages_sent: 2 } },
        hooks: [
          'fax.queued',
          'fax.sending',
          'fax.page_sent:1',
          'fax.page_sent:2',
          'fax.retrying',
          'fax.retrying',
          'fax.retrying',
          'fax.failed',
        ],
      },
    ];
    const faxes = [];
    for (const one of cases) faxes.push(await sent(me.testKey, one.to, one.file));
    for (const [i, one] of cases.entries()) {
      const fax = faxes[i]!;
      expect(fax).toMatchObject({ status: 'queued', livemode: false, credits_charged: 0 });
      await waitFor(() => hooksOf(receiver, fax.id).some((hook) => hook.type === 'fax.delivered' || hook.type === 'fax.failed'), {
        timeoutMs: 45_000,
        what: `the end of ${one.to}`,
      });
      const ended = (await (await v1(`/faxes/${fax.id}`, me.testKey)).json()) as V1Fax;
      expect(ended, one.to).toMatchObject({ ...one.end, livemode: false, credits_charged: 0 });
      const hooks = hooksOf(receiver, fax.id);
      expect(labelled(hooks), one.to).toEqual(one.hooks);
      expect(hooks.every((hook) => hook.livemode === false)).toBe(true);
      // Charged nothing, so nothing to refund, and no part of the ledger.
      expect(await findLedgerRow(fax.id, me.userId)).toBeNull();
      expect(await storeSql(me.userId, 'SELECT * FROM credit_ledger WHERE fax_id = ?', fax.id)).toEqual([]);
      expect((await attemptRows(fax.id, me.userId)).every((attempt) => attempt.carrier === 'loopback')).toBe(true);
    }
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 5, paid: 0 });
    // The site's counts and lifetime total never saw them.
    expect(await sendCounters(me.userId)).toEqual({ total: 0, lifetime: 0, trashed: 0 });
  });

  it('an inbound test fax arrives on demand: fax.received with livemode false, its PDF downloadable', async () => {
    const receiver = webhookReceiver();
    const me = await sandboxIntegrator();
    await addEndpoint(me.cookie, receiver.url('/sandbox'), ['fax.received']);
    const response = await v1('/sandbox/received_faxes', me.testKey, { method: 'POST', body: { from: '(415) 555-0100', pages: 2 } });
    expect(response.status).toBe(201);
    const fax = (await response.json()) as V1Fax & { from: string };
    expect(fax).toMatchObject({ direction: 'inbound', status: 'received', page_count: 2, from: '+14155550100', livemode: false });
    const [hook] = await waitFor(() => hooksOf(receiver, fax.id).length > 0 && hooksOf(receiver, fax.id), { what: 'fax.received' });
    expect(hook).toMatchObject({ type: 'fax.received', livemode: false, data: { id: fax.id, status: 'received' } });
    const listed = (await (await v1('/received_faxes', me.testKey)).json()) as V1List;
    expect(listed.data.map((one) => one.id)).toEqual([fax.id]);
    const pdf = await v1(`/faxes/${fax.id}/pdf`, me.testKey);
    expect(pdf.status).toBe(200);
    expect((await PDFDocument.load(await pdf.arrayBuffer())).getPageCount()).toBe(2);
    // The defaults: one page from a fictional caller.
    const plain = await v1('/sandbox/received_faxes', me.testKey, { method: 'POST' });
    expect(plain.status).toBe(201);
    expect((await plain.json()) as V1Fax).toMatchObject({ page_count: 1, livemode: false });
    // Bad input is a problem, never a fax.
    const bad = await v1('/sandbox/received_faxes', me.testKey, { method: 'POST', body: { pages: 6 } });
    expect(bad.status).toBe(400);
    const live = await v1('/sandbox/received_faxes', me.key, { method: 'POST', body: {} });
    expect(live.status).toBe(403);
    expect((await problemOf(live)).type).toMatch(/#problem-test-key-required$/);
  });
});

describe('kept apart', () => {
  it('a test key sees only sandbox faxes, a live key only live ones, and the site’s history only live ones', async () => {
    const me = await sandboxIntegrator(5);
    const fileId = await storedDocument(me.userId, 1);
    const live = await sent(me.key, '+12125550123', fileId);
    const test = await sent(me.testKey, '+12125550123', fileId);
    expect(live.livemode).toBe(true);
    expect(test.livemode).toBe(false);
    const listOf = async (key: string, query = '') =>
      ((await (await v1(`/faxes${query}`, key)).json()) as V1List).data.map((fax) => fax.id);
    expect(await listOf(me.key)).toEqual([live.id]);
    expect(await listOf(me.testKey)).toEqual([test.id]);
    // Filters too: a search by number finds each mode's own.
    expect(await listOf(me.key, '?number=2125550123')).toEqual([live.id]);
    expect(await listOf(me.testKey, '?number=2125550123')).toEqual([test.id]);
    expect(await listOf(me.testKey, '?number=555')).toEqual([test.id]);
    for (const [key, other] of [
      [me.key, test.id],
      [me.testKey, live.id],
    ] as const) {
      expect((await v1(`/faxes/${other}`, key)).status).toBe(404);
      expect((await v1(`/faxes/${other}/pdf`, key)).status).toBe(404);
      expect((await v1(`/faxes/${other}/cancel`, key, { method: 'POST' })).status).toBe(404);
      expect((await v1(`/faxes/${other}`, key, { method: 'DELETE' })).status).toBe(404);
    }
    // The site: its history, its search and its counters.
    const history = (await (await call('/api/faxes?direction=SEND', { cookie: me.cookie })).json()) as { faxes: { id: string }[] };
    expect(history.faxes.map((fax) => fax.id)).toEqual([live.id]);
    const search = (await (await call('/api/faxes?direction=SEND&number=2125550123', { cookie: me.cookie })).json()) as {
      faxes: { id: string }[];
      total: number;
    };
    expect(search.faxes.map((fax) => fax.id)).toEqual([live.id]);
    expect(search.total).toBe(1);
    expect((await call(`/api/faxes/${test.id}`, { cookie: me.cookie })).status).toBe(404);
    expect((await call(`/api/faxes/${live.id}`, { cookie: me.cookie })).status).toBe(200);
    await waitForFaxDone(test.id);
    expect(await sendCounters(me.userId)).toEqual({ total: 1, lifetime: 1, trashed: 0 });
  });

  it('the wipe deletes every sandbox fax and its PDF, leaves live faxes, and takes a test key', async () => {
    const me = await sandboxIntegrator(5);
    const fileId = await storedDocument(me.userId, 1);
    const live = await sent(me.key, '+12125550123', fileId);
    const test = await sent(me.testKey, '+12125550123', fileId);
    const received = (await (await v1('/sandbox/received_faxes', me.testKey, { method: 'POST' })).json()) as V1Fax;
    await waitForFaxDone(test.id);
    const receivedPdf = (await faxRow(received.id, me.userId)).document_key!;
    expect(await env.DOCUMENTS.head(receivedPdf)).not.toBeNull();

    const refused = await v1('/sandbox', me.key, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).type).toMatch(/#problem-test-key-required$/);

    const wiped = await v1('/sandbox', me.testKey, { method: 'DELETE' });
    expect(wiped.status).toBe(200);
    expect(await wiped.json()).toEqual({ object: 'sandbox_wipe', deleted: 2 });
    expect(((await (await v1('/faxes', me.testKey)).json()) as V1List).data).toEqual([]);
    expect(((await (await v1('/received_faxes', me.testKey)).json()) as V1List).data).toEqual([]);
    expect((await v1(`/faxes/${test.id}`, me.testKey)).status).toBe(404);
    expect(await env.DOCUMENTS.head(receivedPdf)).toBeNull();
    expect(await storeSql(me.userId, 'SELECT id FROM faxes WHERE livemode = 0')).toEqual([]);
    expect(((await (await v1('/faxes', me.key)).json()) as V1List).data.map((fax) => fax.id)).toEqual([live.id]);
    // Wiping an empty sandbox is fine.
    expect(await (await v1('/sandbox', me.testKey, { method: 'DELETE' })).json()).toEqual({ object: 'sandbox_wipe', deleted: 0 });
  });

  it('trashing a test fax deletes it for good (the sandbox keeps no trash)', async () => {
    const me = await sandboxIntegrator();
    const fileId = await storedDocument(me.userId, 1);
    const test = await sent(me.testKey, '+12125550123', fileId);
    await waitForFaxDone(test.id);
    const trashed = await v1(`/faxes/${test.id}`, me.testKey, { method: 'DELETE' });
    expect(trashed.status).toBe(200);
    expect((await trashed.json()) as V1Fax).toMatchObject({ id: test.id, in_trash: true, livemode: false });
    expect((await v1(`/faxes/${test.id}`, me.testKey)).status).toBe(404);
    expect(await sendCounters(me.userId)).toEqual({ total: 0, lifetime: 0, trashed: 0 });
  });
});

describe('limits', () => {
  it('caps sandbox faxes per UTC day (sends and received test faxes), a wipe does not reset it; live sends are not capped by it', async () => {
    const me = await sandboxIntegrator(5);
    const fileId = await storedDocument(me.userId, 1);
    const today = new Date().toISOString().slice(0, 10);
    await storeSql(me.userId, "INSERT INTO store_facts (key, value) VALUES ('sandbox-use', ?)", JSON.stringify({ day: today, faxes: 98 }));
    // The 99th: a test fax received.
    expect((await v1('/sandbox/received_faxes', me.testKey, { method: 'POST' })).status, 'the 99th').toBe(201);
    // Two would pass 100: refused whole.
    const two = await sendWith(me.testKey, ['+12125550123', '+12125550124'], fileId);
    expect(two.status).toBe(429);
    expect((await problemOf(two)).type).toMatch(/#problem-sandbox-limit-reached$/);
    expect(Number(two.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(two.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
    await sent(me.testKey, '+12125550123', fileId);
    expect((await sendWith(me.testKey, '+12125550123', fileId)).status, 'a send past 100').toBe(429);
    expect((await v1('/sandbox/received_faxes', me.testKey, { method: 'POST' })).status, 'a received fax past 100').toBe(429);
    await v1('/sandbox', me.testKey, { method: 'DELETE' });
    expect((await sendWith(me.testKey, '+12125550123', fileId)).status, 'after a wipe').toBe(429);
    expect((await sendWith(me.key, '+12125550123', fileId)).status, 'a live send').toBe(201);
    // Yesterday's count is not today's.
    await storeSql(
      me.userId,
      "UPDATE store_facts SET value = ? WHERE key = 'sandbox-use'",
      JSON.stringify({ day: '2000-01-01', faxes: 100 }),
    );
    expect((await sendWith(me.testKey, '+12125550123', fileId)).status, 'the next day').toBe(201);
  });

  it('a test key is rate-limited and its documents and numbers checked as a live key’s', async () => {
    const me = await sandboxIntegrator();
    const fileId = await storedDocument(me.userId, 1);
    const badNumber = await sendWith(me.testKey, '12', fileId);
    expect(badNumber.status).toBe(400);
    expect((await problemOf(badNumber)).type).toMatch(/#problem-invalid-fax-number$/);
    const stranger = await integrator();
    const foreignFile = await storedDocument(stranger.userId, 1);
    expect((await sendWith(me.testKey, '+12125550123', foreignFile)).status).toBe(404);
    const tooLong = await storedDocument(me.userId, 1, { recordedPages: DEFAULT_MAX_FAX_PAGES + 1 });
    const tooMany = await sendWith(me.testKey, '+12125550123', tooLong);
    expect(tooMany.status).toBe(400);
    expect((await problemOf(tooMany)).type).toMatch(/#problem-too-many-pages$/);
    await exhaustKey(me.userId, me.testKeyId);
    const limited = await sendWith(me.testKey, '+12125550123', fileId);
    expect(limited.status).toBe(429);
    expect((await problemOf(limited)).type).toMatch(/#problem-rate-limited$/);
    expect(limited.headers.get('ratelimit-policy')).toMatch(/q=\d+;w=60/);
  });
});

describe('whatever the carrier', () => {
  it('with CARRIER=telnyx a sandbox fax is played by the simulated network and never calls Telnyx', async () => {
    const me = await sandboxIntegrator();
    const telnyxCalls: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).hostname === 'api.telnyx.com') {
        telnyxCalls.push(request.url);
        return new Response('{}', { status: 500 });
      }
      return realFetch(input as RequestInfo, init);
    });
    const telnyxEnv = {
      ...env,
      CARRIER: 'telnyx',
      TELNYX_API_KEY: 'KEY0123_test',
      TELNYX_CONNECTION_ID: '1293384261075731499',
      PUBLIC_ORIGIN: 'https://fax.example.com',
    } as Env;
    // A sandbox fax waiting for its dispatch, which this test makes with production's carrier.
    const { faxId } = await insertSendFax(me.userId, { documentPages: 2, chargedDefault: 0 });
    await storeSql(me.userId, 'UPDATE faxes SET livemode = 0 WHERE id = ?', faxId);
    expect(await dispatchFax(telnyxEnv, { faxId, attempt: 1 }, me.userId, 1)).toBe('sent');
    const done = await waitForFaxDone(faxId);
    expect(done).toMatchObject({ status: 'DELIVERED', pages_sent: 2 });
    expect(await attemptRows(faxId, me.userId)).toMatchObject([{ attempt: 1, carrier: 'loopback', status: 'DELIVERED' }]);
    expect(telnyxCalls).toEqual([]);
    // A live fax under the same configuration does go to Telnyx (the stub refuses it).
    const live = await insertSendFax(me.userId, { documentPages: 1 });
    await dispatchFax(telnyxEnv, { faxId: live.faxId, attempt: 1 }, me.userId, 1).catch(() => null);
    expect(telnyxCalls.length).toBeGreaterThan(0);
  });
});
