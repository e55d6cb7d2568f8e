import { describe, expect, it } from 'vitest';
import committed from '../../docs/openapi-v1.json';
import { createKey, v1 } from '../support/api-keys';
import { makePdf, storedDocument } from '../support/documents';
import { type OpenApiDocument, schemaErrors } from '../support/json-schema';
import { insertFaxRow } from '../support/send-fax';
import { exhaustKey, integrator } from '../support/v1';

// The contract of /v1 (decision 046): the OpenAPI 3.1 document it serves is the one kept in the repo
// (docs/openapi-v1.json, validated as OpenAPI 3.1 by tests/architecture/openapi-v1.test.mjs); every
// operation it documents is called and its answer checked against the document's schema; and every
// one answers 401 without a key, 403 without its scope, and 429 with the RateLimit fields past the limit.

async function servedDocument(): Promise<OpenApiDocument> {
  const response = await v1('/openapi.json', null);
  expect(response.status).toBe(200);
  return (await response.json()) as OpenApiDocument;
}

function operations(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

/** An account with one of everything, and how to call each documented operation on it. */
async function world() {
  const me = await integrator(50);
  const fileId = await storedDocument(me.userId, 1);
  const faxId = await insertFaxRow(me.userId);
  const trashable = await insertFaxRow(me.userId);
  const scheduled = (await (
    await v1('/faxes', me.key, {
      method: 'POST',
      body: { to: '2125550123', file_id: fileId, send_at: new Date(Date.now() + 3_600_000).toISOString() },
    })
  ).json()) as { id: string };
  const contact = (await (await v1('/contacts', me.key, { method: 'POST', body: { name: 'Ada', fax_number: '2125550123' } })).json()) as {
    id: string;
  };
  // Sending made events (fax.queued): one to read by its id.
  const events = (await (await v1('/events', me.key)).json()) as { data: Array<{ id: string }> };
  const eventId = events.data[0]!.id;
  const hook = (await (
    await v1('/webhook_endpoints', me.key, {
      method: 'POST',
      body: { url: 'https://hooks.receiver.test/contract', events: ['fax.delivered'] },
    })
  ).json()) as { id: string };
  const form = async () => {
    const body = new FormData();
    body.set('file', new File([await makePdf(1)], 'a.pdf', { type: 'application/pdf' }));
    return body;
  };
  // The sandbox's own operations take a test key (decision 048).
  const testKey = (await createKey(me.cookie, { mode: 'test' })).secret;
  const requests: Record<string, () => Promise<{ path: string; body?: unknown; key?: string }>> = {
    listFaxes: async () => ({ path: '/faxes?limit=5' }),
    listReceivedFaxes: async () => ({ path: '/received_faxes' }),
    getFax: async () => ({ path: `/faxes/${faxId}` }),
    downloadFaxPdf: async () => ({ path: `/faxes/${scheduled.id}/pdf` }),
    sendFax: async () => ({ path: '/faxes', body: { to: '2125550123', file_id: fileId } }),
    cancelFax: async () => ({ path: `/faxes/${scheduled.id}/cancel` }),
    trashFax: async () => ({ path: `/faxes/${trashable}` }),
    listContacts: async () => ({ path: '/contacts' }),
    getContact: async () => ({ path: `/contacts/${contact.id}` }),
    createContact: async () => ({ path: '/contacts', body: { name: 'Bob', fax_number: '4155550100' } }),
    updateContact: async () => ({ path: `/contacts/${contact.id}`, body: { note: 'Mornings' } }),
    deleteContact: async () => ({ path: `/contacts/${contact.id}` }),
    getAccount: async () => ({ path: '/account' }),
    listNumbers: async () => ({ path: '/numbers' }),
    uploadFile: async () => ({ path: '/files', body: await form() }),
    receiveSandboxFax: async () => ({ path: '/sandbox/received_faxes', body: { pages: 1 }, key: testKey }),
    wipeSandbox: async () => ({ path: '/sandbox', key: testKey }),
    listEvents: async () => ({ path: '/events?limit=5' }),
    getEvent: async () => ({ path: `/events/${eventId}` }),
    listWebhookEndpoints: async () => ({ path: '/webhook_endpoints' }),
    createWebhookEndpoint: async () => ({
      path: '/webhook_endpoints',
      body: { url: 'https://hooks.receiver.test/more', events: ['fax.failed'] },
    }),
    getWebhookEndpoint: async () => ({ path: `/webhook_endpoints/${hook.id}` }),
    updateWebhookEndpoint: async () => ({ path: `/webhook_endpoints/${hook.id}`, body: { description: 'CRM' } }),
    deleteWebhookEndpoint: async () => ({ path: `/webhook_endpoints/${hook.id}` }),
    rotateWebhookSecret: async () => ({ path: `/webhook_endpoints/${hook.id}/rotate_secret` }),
    listWebhookAttempts: async () => ({ path: `/webhook_endpoints/${hook.id}/attempts` }),
    redeliverWebhooks: async () => ({ path: `/webhook_endpoints/${hook.id}/redeliver` }),
  };
  return { me, requests };
}

describe('GET /v1/openapi.json', () => {
  it('is OpenAPI 3.1, public, and the document kept in docs/openapi-v1.json', async () => {
    const document = await servedDocument();
    expect(document.openapi).toBe('3.1.0');
    // To update it after a change to /v1: npm run openapi:v1 (scripts/openapi-v1.mjs).
    expect(document).toEqual(committed);
  });

  it('checks answers for real: a wrong one fails its schema', async () => {
    const document = await servedDocument();
    expect(schemaErrors(document, { $ref: '#/components/schemas/Fax' }, { id: 1, object: 'fax' })).not.toEqual([]);
    expect(schemaErrors(document, { $ref: '#/components/schemas/Problem' }, { type: 'x', title: 't', status: 400 })).not.toEqual([]);
  });
});

describe('every documented operation', () => {
  it('answers as its schema says', async () => {
    const document = await servedDocument();
    const { me, requests } = await world();
    // Deleting comes last, so the contact is there for the calls before.
    const order = operations(document).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const { path, method, operation } of order) {
      const make = requests[operation.operationId];
      expect(make, `a request for ${operation.operationId}`).toBeDefined();
      const { path: url, body, key } = await make!();
      const response = await v1(url, key ?? me.key, { method, body });
      const documented = operation.responses[String(response.status)];
      if (!documented || response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      expect(response.status).toBeLessThan(300);
      const type = response.headers.get('content-type')!.split(';')[0]!;
      const media = documented!.content?.[type];
      expect(media, `${method} ${path} documents ${type}`).toBeDefined();
      if (type !== 'application/json') continue;
      expect(schemaErrors(document, media!.schema, await response.json()), `${method} ${path}`).toEqual([]);
    }
  });

  it('answers 401 without a key, 403 without its scope and 429 past the limit, as documented problems', async () => {
    const document = await servedDocument();
    const { me, requests } = await world();
    // A key with one scope no operation of the other kind needs: webhooks:manage for the rest, contacts:read for webhooks.
    const unscoped = (await createKey(me.cookie, { scopes: ['webhooks:manage'] })).secret;
    const noWebhooks = (await createKey(me.cookie, { scopes: ['contacts:read'] })).secret;
    const problemSchema = { $ref: '#/components/schemas/Problem' };
    for (const { path, method, operation } of operations(document)) {
      const { path: url, body } = await requests[operation.operationId]!();
      for (const [key, expected] of [
        [null, 401],
        [operation['x-scope'] === 'webhooks:manage' ? noWebhooks : unscoped, operation.operationId === 'getAccount' ? 200 : 403],
      ] as const) {
        const response = await v1(url, key, { method, body: body instanceof FormData ? await (await requests.uploadFile!()).body : body });
        expect(response.status, `${method} ${path} with ${key ? 'no scope' : 'no key'}`).toBe(expected);
        if (expected === 200) continue;
        expect(operation.responses[String(expected)], `${method} ${path} documents ${expected}`).toBeDefined();
        expect(response.headers.get('content-type')).toBe('application/problem+json');
        expect(schemaErrors(document, problemSchema, await response.json())).toEqual([]);
      }
    }
    await exhaustKey(me.userId, me.keyId);
    for (const { path, method, operation } of operations(document)) {
      const { path: url, body } = await requests[operation.operationId]!();
      const response = await v1(url, me.key, { method, body });
      expect(response.status, `${method} ${path}`).toBe(429);
      expect(operation.responses['429'], `${method} ${path} documents 429`).toBeDefined();
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(response.headers.get('ratelimit-policy')).toMatch(/q=\d+;w=60/);
      expect(schemaErrors(document, problemSchema, await response.json())).toEqual([]);
    }
  });
});

describe('every operation that names a resource', () => {
  it('answers 400 for an id that cannot be one, and 404 for another account’s', async () => {
    const document = await servedDocument();
    const { requests } = await world();
    const stranger = await integrator();
    const named = operations(document).filter(({ path }) => path.includes('{id}'));
    expect(named.length).toBe(14);
    for (const { path, method, operation } of named) {
      const { path: url, body } = await requests[operation.operationId]!();
      const malformed = await v1(path.replace('{id}', 'not an id'), stranger.key, { method, body });
      expect(malformed.status, `${method} ${path} with a malformed id`).toBe(400);
      const foreign = await v1(url, stranger.key, { method, body });
      expect(foreign.status, `${method} ${path} with another account's id`).toBe(404);
      expect(operation.responses['404'], `${method} ${path} documents 404`).toBeDefined();
    }
    // Sending names a document: another account's is not found either.
    const { body } = await requests.sendFax!();
    expect((await v1('/faxes', stranger.key, { method: 'POST', body })).status).toBe(404);
  });
});

if (import.meta.env.VITE_OPENAPI_PRINT) {
  it('prints the served document (npm run openapi:v1)', async () => {
    console.log(`<<<OPENAPI\n${JSON.stringify(await servedDocument(), null, 2)}\nOPENAPI>>>`);
  });
}
