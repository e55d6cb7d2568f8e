import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import type { Context } from 'hono';
import { z } from 'zod';
import { FAX_ID_PATTERN } from '../../src/common/fax-id';
import { FAX_STATUS_FILTERS } from '../../src/common/fax-search';
import { markInnerCall } from './middleware';
import type { V1Env } from './v1-env';

// The MCP server (decision 049): Streamable HTTP at POST /v1/mcp, stateless (a server and a
// transport per request, JSON answers, no session), on the same API keys as the rest of /v1. Each
// tool is one /v1 operation, run by /v1 itself in the same Worker: the request is handed to the /v1
// app with the caller's key already checked (no second lookup, no second count), and goes through
// that operation's own scope check, validation, Idempotency-Key and feature functions. So a tool
// can do nothing the key could not do over REST, and no rule has a second home here.

/** Runs a /v1 request inside this Worker as the key that called the MCP endpoint (index.ts mounts it). */
type V1Dispatch = (request: Request, c: Context<V1Env>) => Promise<Response>;

const MCP_SERVER_INFO = { name: 'fax', version: '1.0.0' };

const INSTRUCTIONS =
  'Send and receive faxes for the account the API key belongs to. To send a document, upload it with ' +
  'upload_document (or use a file_id from the API), then send_fax; poll get_fax_status until the status is ' +
  'delivered or failed. Pass an idempotency_key to send_fax so a retried call never sends twice.';

const faxId = z.string().regex(FAX_ID_PATTERN).describe('A fax id, as send_fax or a list answered it.');
const listArguments = {
  status: z.enum(FAX_STATUS_FILTERS).optional().describe('delivered, failed or sending (sent); received, failed or receiving (received).'),
  number: z.string().min(1).max(40).optional().describe('The other party’s number, or digits of it.'),
  limit: z.number().int().min(1).max(100).optional().describe('1 to 100; 20 when absent.'),
  after: z.string().min(1).max(400).optional().describe('The next_cursor of the page before.'),
};

function query(parameters: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A /v1 answer as a tool result: the resource as JSON, or the problem as a tool error the model can read. */
async function toToolResult(response: Response): Promise<CallToolResult> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (response.ok && type.startsWith('application/json')) {
    const body = JSON.parse(text) as Record<string, unknown>;
    return { content: [{ type: 'text', text }], structuredContent: body };
  }
  if (type.startsWith('application/problem+json')) {
    // The problem's name first (the type's anchor, as /v1's closed list spells it), then its words.
    const problem = JSON.parse(text) as { type?: string; title?: string; detail?: string; status?: number };
    const code = problem.type?.split('#problem-')[1]?.replaceAll('-', '_') ?? 'error';
    const words = [problem.title, problem.detail].filter(Boolean).join('. ');
    return { isError: true, content: [{ type: 'text', text: `${code} (${problem.status}): ${words}\n${text}` }] };
  }
  return { isError: true, content: [{ type: 'text', text: `The API answered ${response.status}.` }] };
}

/** The tools, each a /v1 call made by `call`. */
function mcpServer(call: (method: string, path: string, body?: BodyInit, headers?: Record<string, string>) => Promise<Response>) {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions: INSTRUCTIONS,
    // Only used to check what a client answers to elicitation, which this server never asks; the
    // default (Ajv) compiles code at run time, which workerd refuses.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });
  const json = (value: unknown) => JSON.stringify(value);
  const asJson = { 'content-type': 'application/json' };
  const readOnly = { readOnlyHint: true, openWorldHint: false };

  server.registerTool(
    'send_fax',
    {
      title: 'Send a fax',
      description:
        'Sends a document to a fax number, charging its pages (refunded if the fax fails): give file_id (from upload_document) ' +
        'or document_url (an https URL fetched once; public addresses only, at most the upload size limit). ' +
        'Needs the faxes:send permission. Answers the fax, status queued (or scheduled with send_at).',
      inputSchema: {
        to: z.string().min(1).max(40).describe('The fax number, e.g. +12125550123 or (212) 555-0123.'),
        file_id: z.uuid().optional().describe('The document to fax: an id from upload_document or POST /v1/files.'),
        document_url: z
          .url()
          .max(2048)
          .optional()
          .describe('Instead of file_id: an https URL of the document (PDF or image), fetched once and checked like an upload.'),
        cover_text: z.string().max(2000).optional().describe('Adds a cover page with this message.'),
        cover_subject: z.string().max(120).optional().describe('The cover page’s subject.'),
        to_name: z.string().max(80).optional().describe('The recipient’s name on the cover page.'),
        send_at: z.iso.datetime({ offset: true }).optional().describe('Send later (ISO 8601, within 30 days); at once when absent.'),
        idempotency_key: z
          .string()
          .min(1)
          .max(255)
          .optional()
          .describe('Any unique string: calling again with the same key and arguments answers the first fax instead of sending twice.'),
      },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async (input) => {
      const wantsCover = input.cover_text !== undefined || input.cover_subject !== undefined || input.to_name !== undefined;
      const body = {
        to: input.to,
        ...(input.file_id !== undefined ? { file_id: input.file_id } : {}),
        ...(input.document_url !== undefined ? { document_url: input.document_url } : {}),
        ...(wantsCover ? { cover_page: { message: input.cover_text, subject: input.cover_subject, to_name: input.to_name } } : {}),
        ...(input.send_at ? { send_at: input.send_at } : {}),
      };
      const headers: Record<string, string> = { ...asJson };
      if (input.idempotency_key !== undefined) headers['idempotency-key'] = input.idempotency_key;
      return toToolResult(await call('POST', '/faxes', json(body), headers));
    },
  );

  server.registerTool(
    'upload_document',
    {
      title: 'Upload a document to fax',
      description:
        'Stores a document (PDF, image or office file, base64) and counts its pages; answers its id for send_fax. Needs faxes:send.',
      inputSchema: {
        file_name: z.string().min(1).max(200).describe('With its extension, e.g. contract.pdf.'),
        content_base64: z.base64().describe('The file’s bytes, base64.'),
        idempotency_key: z.string().min(1).max(255).optional(),
      },
      annotations: { destructiveHint: false, openWorldHint: false },
    },
    async (input) => {
      const form = new FormData();
      const bytes = Uint8Array.from(atob(input.content_base64), (ch) => ch.charCodeAt(0));
      form.set('file', new File([bytes], input.file_name));
      const headers: Record<string, string> = {};
      if (input.idempotency_key !== undefined) headers['idempotency-key'] = input.idempotency_key;
      return toToolResult(await call('POST', '/files', form, headers));
    },
  );

  server.registerTool(
    'get_fax_status',
    {
      title: 'Get a fax and its status',
      description:
        'A fax, sent or received: status (queued, sending, delivered, failed…), pages sent, and for a failure its reason and whether a retry may help. Needs faxes:read.',
      inputSchema: { fax_id: faxId },
      annotations: readOnly,
    },
    async ({ fax_id }) => toToolResult(await call('GET', `/faxes/${encodeURIComponent(fax_id)}`)),
  );

  server.registerTool(
    'list_faxes',
    {
      title: 'List sent faxes',
      description: 'Sent faxes, newest first, with filters and cursor paging. Needs faxes:read.',
      inputSchema: listArguments,
      annotations: readOnly,
    },
    async (input) => toToolResult(await call('GET', `/faxes${query(input)}`)),
  );

  server.registerTool(
    'list_received_faxes',
    {
      title: 'List received faxes',
      description: 'Faxes received on the account’s number, newest first, with filters and cursor paging. Needs faxes:read.',
      inputSchema: listArguments,
      annotations: readOnly,
    },
    async (input) => toToolResult(await call('GET', `/received_faxes${query(input)}`)),
  );

  server.registerTool(
    'get_contact',
    {
      title: 'Get a contact',
      description: 'A contact of the phonebook by its id. Needs contacts:read.',
      inputSchema: { contact_id: z.uuid() },
      annotations: readOnly,
    },
    async ({ contact_id }) => toToolResult(await call('GET', `/contacts/${encodeURIComponent(contact_id)}`)),
  );

  server.registerTool(
    'search_contacts',
    {
      title: 'Search contacts',
      description: 'Contacts in name order, found by words of the name or company or digits of the number. Needs contacts:read.',
      inputSchema: {
        query: z.string().max(100).optional().describe('Words of the name or company, or digits of the number; all contacts when absent.'),
        limit: z.number().int().min(1).max(100).optional(),
        after: z.string().min(1).max(400).optional().describe('The next_cursor of the page before.'),
      },
      annotations: readOnly,
    },
    async ({ query: search, limit, after }) => toToolResult(await call('GET', `/contacts${query({ search, limit, after })}`)),
  );

  return server;
}

/** POST /v1/mcp: one JSON-RPC message (or batch) in, its answer out, as JSON. */
export function mcpHandler(dispatch: V1Dispatch) {
  return async (c: Context<V1Env>): Promise<Response> => {
    const origin = new URL(c.req.url).origin;
    const server = mcpServer((method, path, body, headers) => {
      const request = new Request(`${origin}/v1${path}`, { method, body, headers });
      markInnerCall(request, c);
      return dispatch(request, c);
    });
    // One message a request: a JSON-RPC batch (dropped from MCP in 2025-06-18) would be many tool
    // calls counted as one against the key's limit. Anything unreadable is the transport's to answer.
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(await c.req.text());
    } catch {
      parsedBody = undefined;
    }
    if (Array.isArray(parsedBody)) {
      return c.json(
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Batches are not supported: send one JSON-RPC message per request.' } },
        400,
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, parsedBody === undefined ? undefined : { parsedBody });
    } finally {
      // Stateless: nothing outlives the request.
      c.executionCtx.waitUntil(server.close());
    }
  };
}
