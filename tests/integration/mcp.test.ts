import { exports } from 'cloudflare:workers';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKeyMode } from '../../src/common/api-key-rules';
import { ORIGIN } from '../support/client';
import { makePdf, storedDocument } from '../support/documents';
import { sendCreditsOf } from '../support/faxes';
import { insertFaxRow } from '../support/send-fax';
import { type Integrator, integrator } from '../support/v1';
import { waitFor } from '../support/wait';
import { RECEIVER_HOST } from '../support/webhook-receiver';

// The MCP server (decision 049) driven by the official SDK's client over Streamable HTTP, as Claude
// Desktop or any agent would: the tools are listed, a fax is uploaded, sent, and followed until
// delivered; the key's scopes bound what the tools may do; no key, no server.

// The mode of the key the agent sends with: a test key, so the fax goes through the sandbox
// (decision 048) and is charged nothing; 'live' runs the same test on the local loopback network.
const SEND_MODE = 'test' as ApiKeyMode;
const CHARGED = (pages: number) => (SEND_MODE === 'live' ? pages : 0);

/** A fax that came in, of the key's mode: a live row, or the sandbox's test fax received on demand. */
async function incomingFax(userId: string, key: string): Promise<string> {
  if (SEND_MODE === 'live') return insertFaxRow(userId, { direction: 'RECEIVE', status: 'RECEIVED', remoteNumber: '+14155550100' });
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}/v1/sandbox/received_faxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: '+14155550100' }),
    }),
  );
  return ((await response.json()) as { id: string }).id;
}

const MCP_URL = new URL(`${ORIGIN}/v1/mcp`);

/** The official client, its requests answered by the Worker, with the key as a bearer header. */
async function connect(key: string | null): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
  const transport = new StreamableHTTPClientTransport(MCP_URL, {
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : {},
    fetch: (input, init) => exports.default.fetch(new Request(input, init)),
  });
  await client.connect(transport);
  return client;
}

async function agent(credits = 20, mode: ApiKeyMode = SEND_MODE): Promise<Integrator & { client: Client }> {
  const me = await integrator(credits, { mode });
  return { ...me, client: await connect(me.key) };
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

async function tool<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return result.structuredContent as T;
}

interface V1Fax {
  id: string;
  object: 'fax';
  status: string;
  to: string;
  has_cover_page: boolean;
  page_count: number;
  pages_sent: number;
  credits_charged: number;
}

describe('MCP at /v1/mcp', () => {
  it('lists its tools, each described with its arguments', async () => {
    const { client } = await agent();
    expect(client.getServerVersion()).toMatchObject({ name: 'fax' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'get_contact',
      'get_fax_status',
      'list_faxes',
      'list_received_faxes',
      'search_contacts',
      'send_fax',
      'upload_document',
    ]);
    const send = tools.find((t) => t.name === 'send_fax')!;
    // The document is file_id or document_url (decision 050): exactly one, which /v1 checks.
    expect(send.inputSchema.required).toEqual(['to']);
    expect(Object.keys(send.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['file_id', 'document_url', 'idempotency_key']));
    await client.close();
  });

  it('uploads a document and sends it, once per idempotency_key, then follows it to delivered', async () => {
    const me = await agent(20);
    const pdf = await makePdf(2);
    const file = await tool<{ id: string; page_count: number }>(me.client, 'upload_document', {
      file_name: 'contract.pdf',
      content_base64: btoa(String.fromCharCode(...pdf)),
    });
    expect(file.page_count).toBe(2);
    const args = { to: '(212) 555-0123', file_id: file.id, cover_text: 'Please sign.', idempotency_key: 'agent-send-1' };
    const fax = await tool<V1Fax>(me.client, 'send_fax', args);
    expect(fax).toMatchObject({ object: 'fax', status: 'queued', to: '+12125550123', has_cover_page: true, credits_charged: CHARGED(3) });
    // The agent retried: the same fax answered, nothing sent or charged twice.
    expect((await tool<V1Fax>(me.client, 'send_fax', args)).id).toBe(fax.id);
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 20 - CHARGED(3), paid: 0 });
    const reused = (await me.client.callTool({ name: 'send_fax', arguments: { ...args, to: '4155550100' } })) as CallToolResult;
    expect(reused.isError).toBe(true);
    expect(textOf(reused)).toContain('idempotency_key_reused');

    const delivered = await waitFor(
      async () => {
        const now = await tool<V1Fax>(me.client, 'get_fax_status', { fax_id: fax.id });
        return now.status === 'delivered' ? now : null;
      },
      { timeoutMs: 30_000, what: 'the fax delivered' },
    );
    expect(delivered.pages_sent).toBe(3);
    const listed = await tool<{ data: V1Fax[] }>(me.client, 'list_faxes', { status: 'delivered' });
    expect(listed.data.map((f) => f.id)).toEqual([fax.id]);
    // A fax that came in: listed as received, not among the sent.
    const incoming = await incomingFax(me.userId, me.key);
    const received = await tool<{ data: Array<V1Fax & { direction: string; from: string }> }>(me.client, 'list_received_faxes', {});
    expect(received.data.map((f) => [f.id, f.direction, f.from])).toEqual([[incoming, 'inbound', '+14155550100']]);
    await me.client.close();
  });

  it('sends a document fetched from a document_url, and refuses a private one as /v1 does', async () => {
    const me = await agent(20);
    const pdf = await makePdf(1);
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(new Request(input as RequestInfo, init).url);
      if (url.hostname !== RECEIVER_HOST) return realFetch(input as RequestInfo, init);
      return new Response(pdf, { headers: { 'content-type': 'application/pdf' } });
    });
    try {
      const fax = await tool<V1Fax>(me.client, 'send_fax', { to: '2125550123', document_url: `https://${RECEIVER_HOST}/memo.pdf` });
      expect(fax).toMatchObject({ object: 'fax', status: 'queued', page_count: 1, credits_charged: CHARGED(1) });
      const refused = (await me.client.callTool({
        name: 'send_fax',
        arguments: { to: '2125550123', document_url: 'https://169.254.169.254/latest/meta-data' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('document_url_refused');
    } finally {
      spy.mockRestore();
      await me.client.close();
    }
  });

  it('reads contacts: one by id, and found by name or digits', async () => {
    const me = await agent();
    const added = await exports.default.fetch(
      new Request(`${ORIGIN}/v1/contacts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${me.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada Lovelace', fax_number: '2125550123', company: 'Engines' }),
      }),
    );
    const contact = (await added.json()) as { id: string };
    expect((await tool<{ name: string }>(me.client, 'get_contact', { contact_id: contact.id })).name).toBe('Ada Lovelace');
    for (const query of ['ada', '555012']) {
      const found = await tool<{ data: Array<{ id: string }> }>(me.client, 'search_contacts', { query });
      expect(found.data.map((c) => c.id)).toEqual([contact.id]);
    }
    expect((await tool<{ data: unknown[] }>(me.client, 'search_contacts', { query: 'babbage' })).data).toEqual([]);
    // Another account's contact is not found, as over REST.
    const stranger = await agent();
    const foreign = (await stranger.client.callTool({ name: 'get_contact', arguments: { contact_id: contact.id } })) as CallToolResult;
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toContain('not_found');
  });

  it('holds each tool to the key’s scopes: without faxes:send a send is a tool error and nothing is sent', async () => {
    const me = await integrator(20, { mode: SEND_MODE, scopes: ['faxes:read', 'contacts:read'] });
    const client = await connect(me.key);
    const fileId = await storedDocument(me.userId, 1);
    const result = (await client.callTool({ name: 'send_fax', arguments: { to: '2125550123', file_id: fileId } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('insufficient_scope');
    expect(textOf(result)).toContain('faxes:send');
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 20, paid: 0 });
    expect((await tool<{ data: unknown[] }>(client, 'list_faxes', {})).data).toEqual([]);
    // Arguments are checked before any call: a malformed id is refused by the tool's own schema.
    const malformed = (await client.callTool({ name: 'get_fax_status', arguments: { fax_id: '../account' } })) as CallToolResult;
    expect(malformed.isError).toBe(true);
  });

  it('answers 401 without a key or with an unknown one, and counts its calls against the key', async () => {
    await expect(connect(null)).rejects.toThrow(/401/);
    await expect(connect('fx_live_notakeynotakeynotakeynotakey000000')).rejects.toThrow(/401/);
    const raw = await exports.default.fetch(
      new Request(MCP_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer/);

    const me = await integrator(0, { mode: SEND_MODE });
    const client = await connect(me.key);
    const before = await exports.default.fetch(new Request(`${ORIGIN}/v1/account`, { headers: { authorization: `Bearer ${me.key}` } }));
    const remaining = Number(/r=(\d+)/.exec(before.headers.get('ratelimit')!)![1]);
    await tool(client, 'list_faxes', {});
    const after = await exports.default.fetch(new Request(`${ORIGIN}/v1/account`, { headers: { authorization: `Bearer ${me.key}` } }));
    // One MCP request, one call counted (the tool's /v1 call is not counted again), plus this read.
    expect(Number(/r=(\d+)/.exec(after.headers.get('ratelimit')!)![1])).toBe(remaining - 2);
  });

  it('is POST only, one message a request: a GET for a server stream answers 405, a batch 400, bad JSON a parse error', async () => {
    const me = await integrator(0);
    const response = await exports.default.fetch(
      new Request(MCP_URL, { headers: { authorization: `Bearer ${me.key}`, accept: 'text/event-stream' } }),
    );
    expect(response.status).toBe(405);
    const post = (body: string) =>
      exports.default.fetch(
        new Request(MCP_URL, {
          method: 'POST',
          headers: { authorization: `Bearer ${me.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body,
        }),
      );
    // Many tool calls in one request would count as one call against the key's limit.
    const call = { jsonrpc: '2.0', method: 'tools/call', params: { name: 'list_faxes', arguments: {} } };
    const batch = await post(JSON.stringify([1, 2, 3].map((id) => ({ ...call, id }))));
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as { error: { code: number } }).error.code).toBe(-32600);
    const garbled = await post('{"jsonrpc":');
    expect(garbled.status).toBe(400);
    expect(((await garbled.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});
