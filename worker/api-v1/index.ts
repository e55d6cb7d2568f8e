import { OpenAPIHono } from '@hono/zod-openapi';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { readConfig } from '../env';
import { accountV1 } from './account';
import { contactsV1 } from './contacts';
import { eventsV1 } from './events';
import { FAILURE_REASONS } from './failure-reasons';
import { faxesV1 } from './faxes';
import { requestId, requireApiKey } from './middleware';
import { PROBLEM_TYPES, Problem, problemOf, problemResponse } from './problems';
import { sandboxV1 } from './sandbox';
import { v1Hook } from './spec';
import type { V1Env } from './v1-env';
import { webhooksV1 } from './webhooks';

// The public developer API, mounted at /v1 beside the site's /api (decision 046). A bearer API key,
// no cookie and no same-origin rule (a server calls it, not a page), no CORS headers (a browser page
// elsewhere cannot read its answers), problems by RFC 9457. Its routes are built from zod schemas and
// describe themselves at GET /v1/openapi.json; each calls the feature functions the site's own calls do.

export const V1_INFO = {
  title: 'Fax API',
  version: '1.0.0',
  description: 'Send and receive faxes from your own software. Guide: docs/api-v1.md; reference: /developers.',
};

export const v1 = new OpenAPIHono<V1Env>({ defaultHook: v1Hook });

v1.openAPIRegistry.registerComponent('securitySchemes', 'bearerKey', {
  type: 'http',
  scheme: 'bearer',
  description: 'An API key from Settings › Developers: `fx_live_…` or `fx_test_…`.',
});

v1.use('*', requestId);

// The description is public: it says what the API is, nothing of any account.
v1.doc31('/openapi.json', (c) => ({
  openapi: '3.1.0',
  info: V1_INFO,
  servers: [{ url: `${(readConfig(c.env).PUBLIC_ORIGIN ?? new URL(c.req.url).origin).replace(/\/$/, '')}/v1` }],
  security: [{ bearerKey: [] }],
  // The closed lists a client codes against, published with the operations (and on /developers).
  'x-problem-types': Object.entries(PROBLEM_TYPES).map(([type, { status, title }]) => ({ type, status, title })),
  'x-fax-failure-reasons': Object.entries(FAILURE_REASONS).map(([reason, { retryable, description }]) => ({
    reason: reason.toLowerCase(),
    retryable,
    description,
  })),
}));

v1.use('*', requireApiKey);
// No JSON body of /v1 needs more than the site's 64 KB; a document upload sets its own limit.
const limitJson = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new Problem('payload_too_large', 'A JSON body may be at most 64 KB.');
  },
});
// The MCP endpoint's tool calls carry a document as base64 (upload_document): its own, larger limit.
const limitMcp = createMiddleware<V1Env>(async (c, next) => {
  const maxSize = Math.ceil((readConfig(c.env).MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new Problem('payload_too_large', `An MCP message may be at most ${maxSize} bytes.`);
    },
  })(c, next);
});
v1.use('*', async (c, next) => {
  if (c.req.method === 'POST' && c.req.path.endsWith('/v1/files')) return next();
  if (c.req.path.endsWith('/v1/mcp')) return limitMcp(c, next);
  return limitJson(c, next);
});
v1.route('/', faxesV1);
v1.route('/', contactsV1);
v1.route('/', accountV1);
v1.route('/', sandboxV1);
v1.route('/', eventsV1);
v1.route('/', webhooksV1);

// MCP (decision 049): each tool is a /v1 request run by this same app, mounted as app.ts mounts it
// so paths, and so Idempotency-Key fingerprints, are those of a REST call.
let mounted: Hono<V1Env> | undefined;
const dispatch = (request: Request, c: Context<V1Env>) => {
  mounted ??= new Hono<V1Env>().route('/v1', v1);
  return Promise.resolve(mounted.fetch(request, c.env, c.executionCtx));
};
// The MCP SDK is loaded by the first MCP call, not evaluated at the Worker's start-up, which the
// platform limits to 1 s (the deploy check in npm test measures it; the SDK was a third of it).
let mcp: Promise<typeof import('./mcp')> | undefined;
v1.post('/mcp', async (c) => {
  mcp ??= import('./mcp');
  return (await mcp).mcpHandler(dispatch)(c);
});
v1.on(['GET', 'DELETE'], '/mcp', () => {
  // GET (a stream of server messages) and DELETE (ending a session) have no meaning without sessions.
  throw new Problem('method_not_allowed', 'This MCP server is stateless: POST JSON-RPC messages to /v1/mcp.', {
    headers: { Allow: 'POST' },
  });
});
v1.all('*', () => {
  throw new Problem('not_found', 'No such operation in /v1: see /v1/openapi.json.');
});

v1.onError((err, c) => {
  const problem = problemOf(err);
  if (problem) return problemResponse(c, problem);
  console.error('Unhandled /v1 error', c.req.method, new URL(c.req.url).pathname, err);
  return problemResponse(c, new Problem('internal'));
});
