import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { findWebhookEvent, listWebhookEvents } from '../outgoing-webhooks/endpoints';
import { toList, toV1Event } from './envelope';
import { requireScope } from './middleware';
import { Problem } from './problems';
import { EventSchema, limitQuery, listSchema } from './schemas';
import { problemResponses, v1Hook } from './spec';
import type { V1Env } from './v1-env';

// The account's events (decision 049): every event its webhooks send, kept 30 days in the account's
// own store (decision 047) whether or not an endpoint listens, listed oldest first from any event on,
// so a client that missed webhooks catches up exactly. The store's own list, the one Settings reads,
// kept to the key's mode: a live key's events are the live ones, a test key's the sandbox's.

const EventId = z.object({
  id: z
    .string()
    .regex(/^evt_[\w-]{1,64}$/)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'evt_3q2UeBcTkqYQy0bq5fJ0ZQ' }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/events',
  summary: 'List events',
  description:
    'Oldest first, from the oldest kept (30 days) or after the event named by `after`: pass the id of the last event you handled, from a webhook’s `webhook-id` or from this list. A live key reads live events, a test key the sandbox’s (`livemode: false`).',
  operationId: 'listEvents',
  tags: ['Events'],
  middleware: [requireScope('faxes:read')] as const,
  'x-scope': 'faxes:read',
  request: {
    query: z.object({
      after: z
        .string()
        .regex(/^evt_[\w-]{1,64}$/)
        .optional()
        .openapi({ description: 'An event id: the events after it. Its `next_cursor` is the last id of the page.' }),
      limit: limitQuery,
    }),
  },
  responses: {
    200: {
      description: 'The events after `after`, in order.',
      content: { 'application/json': { schema: listSchema(EventSchema, 'EventList') } },
    },
    ...problemResponses(400, 401, 403, 429),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/events/{id}',
  summary: 'Get an event',
  operationId: 'getEvent',
  tags: ['Events'],
  middleware: [requireScope('faxes:read')] as const,
  'x-scope': 'faxes:read',
  request: { params: EventId },
  responses: {
    200: { description: 'The event.', content: { 'application/json': { schema: EventSchema } } },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

export const eventsV1 = new OpenAPIHono<V1Env>({ defaultHook: v1Hook })
  .openapi(listRoute, async (c) => {
    const { after, limit } = c.req.valid('query');
    // A live key reads the live events, a test key the sandbox's (decision 048), as with faxes.
    const page = await listWebhookEvents(c.env, c.get('owner').id, after ?? null, limit, c.get('apiKey').livemode);
    if (page === 'UNKNOWN_CURSOR') {
      throw new Problem('invalid_request', 'No event of this account kept (30 days) has this id.', {
        errors: [{ field: 'after', message: 'unknown event' }],
      });
    }
    return c.json(toList(page.events.map(toV1Event), page.next), 200);
  })
  .openapi(getRoute, async (c) => {
    const event = await findWebhookEvent(c.env, c.get('owner').id, c.req.valid('param').id, c.get('apiKey').livemode);
    if (!event) throw new Problem('not_found', 'No event of this account (kept 30 days) has this id.');
    return c.json(toV1Event(event), 200);
  });
