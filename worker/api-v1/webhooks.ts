import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_DELIVERY_ID_PATTERN,
  WEBHOOK_ENDPOINT_ID_PATTERN,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
} from '../../src/common/outgoing-webhooks';
import * as webhooks from '../outgoing-webhooks/endpoints';
import { toList, toV1Attempt, toV1Endpoint } from './envelope';
import { idempotent, requireScope } from './middleware';
import { Problem } from './problems';
import { limitQuery, listSchema } from './schemas';
import { problemResponses, v1Hook } from './spec';
import type { V1Env } from './v1-env';

// Webhook endpoints through /v1 (decision 049): the functions Settings › Developers' own calls use
// (outgoing-webhooks/endpoints.ts: the URL rules, the sealed secret, rotation, redelivery), with
// the site's own schemas for what a body may say, in the public envelope. Scope webhooks:manage.

const isoTime = z.string().datetime({ offset: true });

const EndpointId = z.object({
  id: z
    .string()
    .regex(WEBHOOK_ENDPOINT_ID_PATTERN)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'we_Zr0Pq7yXc1l3mA9bKq2sWw' }),
});

const EventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .openapi({ description: 'The events to receive, from the published catalogue.', example: ['fax.delivered', 'fax.failed'] });

const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_endpoint'),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabled_reason: z
      .enum(['failing'])
      .nullable()
      .openapi({ description: '`failing`: turned off by us after 5 days of failed attempts.' }),
    previous_secret_until: isoTime
      .nullable()
      .openapi({ description: 'After a rotation: until when the secret before it still signs beside the new one.' }),
    failing_since: isoTime.nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .openapi('WebhookEndpoint');

const EndpointWithSecret = WebhookEndpointSchema.extend({
  secret: z.string().openapi({ description: '`whsec_…`: shown once, here, never again.' }),
}).openapi('WebhookEndpointWithSecret');

const AttemptSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_attempt'),
    delivery_id: z.string().openapi({ description: 'Pass to redeliver to send this event to this endpoint again.' }),
    event_id: z.string(),
    event_type: z.string(),
    attempt: z.number().int(),
    at: isoTime,
    url: z.string(),
    request_headers: z.record(z.string(), z.string()),
    request_body: z.string(),
    response_status: z.number().int().nullable(),
    response_body: z.string().nullable().openapi({ description: 'The first 4 KB.' }),
    latency_ms: z.number().int(),
    error: z.string().nullable(),
    retry_in_seconds: z.number().int().nullable(),
    delivery_state: z.enum(['pending', 'succeeded', 'dead']),
  })
  .openapi('WebhookAttempt');

const EndpointInput = z
  .object({
    url: z.string().min(1).max(WEBHOOK_LIMITS.url).openapi({ example: 'https://example.com/fax-events' }),
    events: EventTypes,
    description: z.string().max(WEBHOOK_LIMITS.description).optional(),
  })
  .openapi('WebhookEndpointInput');

const EndpointPatch = z
  .object({
    url: z.string().min(1).max(WEBHOOK_LIMITS.url).optional(),
    events: EventTypes.optional(),
    description: z.string().max(WEBHOOK_LIMITS.description).optional(),
    enabled: z.boolean().optional().openapi({ description: 'Turn the endpoint off or on again (a failing one comes back on).' }),
  })
  .openapi('WebhookEndpointPatch');

/** The site's own schema for the body (one rule): a failure names the fields as /v1 spells them. */
function siteRules<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'body'), message: issue.message }));
  throw new Problem('invalid_request', 'The webhook endpoint is not valid.', { errors });
}

function refuse(result: { code: webhooks.EndpointRefusal; problem?: string }): never {
  if (result.code === 'NOT_FOUND') throw new Problem('not_found', 'No webhook endpoint of this account has this id.');
  if (result.code === 'TOO_MANY_WEBHOOK_ENDPOINTS') {
    throw new Problem('too_many_webhook_endpoints', `An account may have ${WEBHOOK_LIMITS.endpoints} webhook endpoints.`);
  }
  throw new Problem(
    'webhook_url_refused',
    result.problem === 'UNRESOLVABLE'
      ? 'The URL’s host name does not resolve.'
      : 'The URL must be https and reach a public address (not private, loopback or link-local).',
    { errors: [{ field: 'url', message: result.problem ?? 'refused' }] },
  );
}

const scope = [requireScope('webhooks:manage')];
const tags = ['Webhooks'];
const endpointJson = { 'application/json': { schema: WebhookEndpointSchema } };

const listRoute = createRoute({
  method: 'get',
  path: '/webhook_endpoints',
  summary: 'List webhook endpoints',
  operationId: 'listWebhookEndpoints',
  tags,
  middleware: scope,
  'x-scope': 'webhooks:manage',
  responses: {
    200: {
      description: 'All of them, oldest first.',
      content: { 'application/json': { schema: listSchema(WebhookEndpointSchema, 'WebhookEndpointList') } },
    },
    ...problemResponses(401, 403, 429),
  },
});

const createEndpointRoute = createRoute({
  method: 'post',
  path: '/webhook_endpoints',
  summary: 'Add a webhook endpoint',
  description: 'Answers its signing secret, once. The URL must be https and reach a public address.',
  operationId: 'createWebhookEndpoint',
  tags,
  middleware: [...scope, idempotent] as const,
  'x-scope': 'webhooks:manage',
  request: {
    headers: z.object({ 'idempotency-key': z.string().min(1).max(255).optional() }),
    body: { required: true, content: { 'application/json': { schema: EndpointInput } } },
  },
  responses: {
    201: { description: 'The endpoint, with its secret.', content: { 'application/json': { schema: EndpointWithSecret } } },
    ...problemResponses(400, 401, 403, 409, 422, 429),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/webhook_endpoints/{id}',
  summary: 'Get a webhook endpoint',
  operationId: 'getWebhookEndpoint',
  tags,
  middleware: scope,
  'x-scope': 'webhooks:manage',
  request: { params: EndpointId },
  responses: { 200: { description: 'The endpoint.', content: endpointJson }, ...problemResponses(400, 401, 403, 404, 429) },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/webhook_endpoints/{id}',
  summary: 'Change a webhook endpoint',
  description: 'Only the fields sent change.',
  operationId: 'updateWebhookEndpoint',
  tags,
  middleware: scope,
  'x-scope': 'webhooks:manage',
  request: { params: EndpointId, body: { required: true, content: { 'application/json': { schema: EndpointPatch } } } },
  responses: { 200: { description: 'The endpoint changed.', content: endpointJson }, ...problemResponses(400, 401, 403, 404, 429) },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/webhook_endpoints/{id}',
  summary: 'Delete a webhook endpoint',
  description: 'Its pending deliveries are dropped.',
  operationId: 'deleteWebhookEndpoint',
  tags,
  middleware: scope,
  'x-scope': 'webhooks:manage',
  request: { params: EndpointId },
  responses: {
    200: {
      description: 'Deleted.',
      content: {
        'application/json': {
          schema: z
            .object({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) })
            .openapi('DeletedWebhookEndpoint'),
        },
      },
    },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

const rotateRoute = createRoute({
  method: 'post',
  path: '/webhook_endpoints/{id}/rotate_secret',
  summary: 'Rotate the signing secret',
  description: 'Answers the new secret, once; the old one signs beside it for 24 hours (two signatures per request).',
  operationId: 'rotateWebhookSecret',
  tags,
  middleware: scope,
  'x-scope': 'webhooks:manage',
  request: { params: EndpointId },
  responses: {
    200: { description: 'The endpoint, with its new secret.', content: { 'application/json': { schema: EndpointWithSecret } } },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

const attemptsRoute = createRoute({
  method: 'get',
  path: '/webhook_endpoints/{id}/attempts',
  summary: 'List delivery attempts',
  description: 'The delivery log, newest first: each request with its answer, latency and the retry it planned (kept 30 days).',
  operationId: 'listWebhookAttempts',
  tags,
  middleware: scope,
  'x-scope': 'webhooks:manage',
  request: {
    params: EndpointId,
    query: z.object({
      after: z
        .string()
        .regex(/^\d{1,15}$/)
        .optional()
        .openapi({ description: 'The `next_cursor` of the page before.' }),
      limit: limitQuery,
    }),
  },
  responses: {
    200: {
      description: 'A page of attempts.',
      content: { 'application/json': { schema: listSchema(AttemptSchema, 'WebhookAttemptList') } },
    },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

const redeliverRoute = createRoute({
  method: 'post',
  path: '/webhook_endpoints/{id}/redeliver',
  summary: 'Send failed deliveries again',
  description: 'One delivery (`delivery_id`, from the attempts), or every failed one of the endpoint (no body).',
  operationId: 'redeliverWebhooks',
  tags,
  middleware: scope,
  'x-scope': 'webhooks:manage',
  request: {
    params: EndpointId,
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z
            .object({
              delivery_id: z.string().regex(WEBHOOK_DELIVERY_ID_PATTERN).optional(),
            })
            .openapi('RedeliverInput'),
        },
      },
    },
  },
  responses: {
    202: {
      description: 'How many deliveries were set to go again now.',
      content: {
        'application/json': {
          schema: z.object({ object: z.literal('redelivery'), redelivered: z.number().int() }).openapi('Redelivery'),
        },
      },
    },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

const storeUser = (c: Context<V1Env>) => c.get('owner').id;

export const webhooksV1 = new OpenAPIHono<V1Env>({ defaultHook: v1Hook })
  .openapi(listRoute, async (c) => {
    const endpoints = await webhooks.listWebhookEndpoints(c.env, storeUser(c));
    return c.json(toList(endpoints.map(toV1Endpoint), null), 200);
  })
  .openapi(createEndpointRoute, async (c) => {
    const input = siteRules(createWebhookEndpointSchema, c.req.valid('json'));
    const result = await webhooks.createWebhookEndpoint(c.env, storeUser(c), input);
    if (!result.ok) refuse(result);
    return c.json({ ...toV1Endpoint(result.value.endpoint), secret: result.value.secret }, 201);
  })
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    const endpoint = (await webhooks.listWebhookEndpoints(c.env, storeUser(c))).find((e) => e.id === id);
    if (!endpoint) throw new Problem('not_found', 'No webhook endpoint of this account has this id.');
    return c.json(toV1Endpoint(endpoint), 200);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { endpointId, ...patch } = siteRules(updateWebhookEndpointSchema, { endpointId: id, ...c.req.valid('json') });
    const result = await webhooks.updateWebhookEndpoint(c.env, storeUser(c), endpointId, patch);
    if (!result.ok) refuse(result);
    return c.json(toV1Endpoint(result.value), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await webhooks.deleteWebhookEndpoint(c.env, storeUser(c), id))) {
      throw new Problem('not_found', 'No webhook endpoint of this account has this id.');
    }
    return c.json({ id, object: 'webhook_endpoint' as const, deleted: true as const }, 200);
  })
  .openapi(rotateRoute, async (c) => {
    const result = await webhooks.rotateWebhookSecret(c.env, storeUser(c), c.req.valid('param').id);
    if (!result.ok) refuse(result);
    return c.json({ ...toV1Endpoint(result.value.endpoint), secret: result.value.secret }, 200);
  })
  .openapi(attemptsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { after, limit } = c.req.valid('query');
    const read = await webhooks.listWebhookAttempts(c.env, storeUser(c), id, after === undefined ? null : Number(after), limit + 1);
    if (!read) throw new Problem('not_found', 'No webhook endpoint of this account has this id.');
    const page = read.slice(0, limit);
    const next = read.length > limit ? String(page.at(-1)!.at) : null;
    return c.json(toList(page.map(toV1Attempt), next), 200);
  })
  .openapi(redeliverRoute, async (c) => {
    const { id } = c.req.valid('param');
    // No body (or not JSON): every failed delivery of the endpoint.
    const body = c.req.header('content-type')?.startsWith('application/json') ? c.req.valid('json') : {};
    const deliveryId = body.delivery_id;
    // The endpoint named must be this account's, whichever delivery is named.
    if (!(await webhooks.listWebhookAttempts(c.env, storeUser(c), id, null, 1))) {
      throw new Problem('not_found', 'No webhook endpoint of this account has this id.');
    }
    const count = await webhooks.redeliverWebhooks(c.env, storeUser(c), deliveryId ? { deliveryId } : { endpointId: id });
    if (count === 'NOT_FOUND') throw new Problem('not_found', 'No such webhook endpoint or delivery in this account.');
    return c.json({ object: 'redelivery' as const, redelivered: count }, 202);
  });
