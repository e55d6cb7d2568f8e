import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createFaxClient, FaxApiError } from '../../clients/typescript/fax-api';
import { createKey } from '../support/api-keys';
import { ORIGIN } from '../support/client';
import { makePdf } from '../support/documents';
import { integrator } from '../support/v1';

// The typed client (clients/typescript/, its types generated from the OpenAPI document) used as an
// integrator would: upload, send with an Idempotency-Key it makes itself, read back, and a problem
// raised as FaxApiError.

describe('the typed TypeScript client', () => {
  it('uploads, sends, lists and reads a fax, and raises problems', async () => {
    const me = await integrator(10);
    const client = createFaxClient({ baseUrl: ORIGIN, apiKey: me.key, fetch: (request) => exports.default.fetch(request) });
    const file = await client.uploadFile(new Blob([await makePdf(1)], { type: 'application/pdf' }), 'letter.pdf');
    expect(file.page_count).toBe(1);
    const sent = await client.sendFax({ to: '+12125550123', file_id: file.id, anonymous: false }, 'client-1');
    const again = await client.sendFax({ to: '+12125550123', file_id: file.id, anonymous: false }, 'client-1');
    expect('id' in sent && 'id' in again && again.id === sent.id).toBe(true);
    const list = await client.listFaxes({ limit: 5 });
    expect(list.data).toHaveLength(1);
    expect((await client.getAccount()).credits.send).toBe(9);
    const events = await client.listEvents();
    expect(events.data[0]).toMatchObject({ object: 'event', type: 'fax.queued', data: { id: 'id' in sent ? sent.id : '' } });
    expect(await client.getEvent(events.data[0]!.id)).toEqual(events.data[0]);

    const refused = await client.getFax('not-a-fax').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FaxApiError);
    expect((refused as FaxApiError).problem.status).toBe(400);
    expect((refused as FaxApiError).problem.request_id).toMatch(/^req_/);
  });

  it('works the sandbox with a test key: a test fax received, then wiped', async () => {
    const me = await integrator(0);
    const { secret } = await createKey(me.cookie, { mode: 'test' });
    const client = createFaxClient({ baseUrl: ORIGIN, apiKey: secret, fetch: (request) => exports.default.fetch(request) });
    const received = await client.receiveSandboxFax({ pages: 2 });
    expect(received).toMatchObject({ direction: 'inbound', status: 'received', page_count: 2, livemode: false });
    expect((await client.listReceivedFaxes()).data.map((fax) => fax.id)).toEqual([received.id]);
    expect(await client.wipeSandbox()).toEqual({ object: 'sandbox_wipe', deleted: 1 });
  });
});
