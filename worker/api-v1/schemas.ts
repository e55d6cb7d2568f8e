import { z } from '@hono/zod-openapi';
import { API_KEY_SCOPES } from '../../src/common/api-key-rules';
import { FAX_STATUSES } from '../../src/common/faxes';
import { FAILURE_REASON_NAMES } from './failure-reasons';
import { PROBLEM_TYPES } from './problems';

// The /v1 contract (decision 046): what every answer looks like, as zod schemas the routes are built
// from and GET /v1/openapi.json is generated from. snake_case, string ids, ISO 8601 times, an `object`
// field naming the resource, lists as `{ object: 'list', data, has_more, next_cursor }`.

const isoTime = z.string().datetime({ offset: true }).openapi({ example: '2026-12-07T01:32:45.000Z' });

export const FailureSchema = z
  .object({
    reason: z.enum(FAILURE_REASON_NAMES as [string, ...string[]]),
    retryable: z.boolean(),
    pages_sent: z.number().int(),
  })
  .openapi('FaxFailure');

export const FaxSchema = z
  .object({
    id: z.string().openapi({ example: 'fx_0123456789abcdef' }),
    object: z.literal('fax'),
    direction: z.enum(['outbound', 'inbound']),
    status: z.enum(FAX_STATUSES.map((status) => status.toLowerCase()) as [string, ...string[]]),
    to: z.string().nullable().openapi({ description: 'E.164. Outbound: the recipient; inbound: your number.' }),
    from: z
      .string()
      .nullable()
      .openapi({ description: 'E.164. Outbound: your number (null when anonymous); inbound: the caller, null when withheld.' }),
    contact_name: z.string().nullable(),
    page_count: z.number().int(),
    pages_sent: z.number().int(),
    file_name: z.string().nullable(),
    has_cover_page: z.boolean(),
    anonymous: z.boolean(),
    attempt: z.number().int(),
    max_attempts: z.number().int(),
    next_attempt_at: isoTime.nullable(),
    failure: FailureSchema.nullable(),
    credits_charged: z.number().int(),
    credits_refunded: z.number().int(),
    send_at: isoTime.nullable().openapi({ description: 'A scheduled fax: when it starts. Null once started, or when sent at once.' }),
    broadcast_id: z.string().nullable(),
    read: z.boolean(),
    partial: z.boolean(),
    in_trash: z.boolean(),
    created_at: isoTime,
    updated_at: isoTime,
    completed_at: isoTime.nullable(),
    livemode: z
      .boolean()
      .openapi({ description: 'False for a sandbox fax, made with a test key: simulated, never dialled, charged nothing.' }),
  })
  .openapi('Fax');

export const ContactSchema = z
  .object({
    id: z.string(),
    object: z.literal('contact'),
    name: z.string(),
    fax_number: z.string().openapi({ example: '+12125550123' }),
    company: z.string(),
    email: z.string(),
    note: z.string(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .openapi('Contact');

export const FileSchema = z
  .object({
    id: z.string(),
    object: z.literal('file'),
    name: z.string(),
    page_count: z.number().int(),
    created_at: isoTime,
  })
  .openapi('File');

export const NumberSchema = z
  .object({
    id: z.string(),
    object: z.literal('number'),
    number: z.string().openapi({ example: '+12125550123' }),
    area_code: z.string(),
    city: z.string(),
    region: z.string(),
    assigned_at: isoTime.nullable(),
  })
  .openapi('Number');

export const AccountSchema = z
  .object({
    id: z.string(),
    object: z.literal('account'),
    email: z.string(),
    display_name: z.string().nullable(),
    email_verified: z.boolean(),
    plan: z.enum(['free', 'trial', 'paid']).nullable(),
    credits: z.object({
      send: z.number().int().openapi({ description: 'Pages that can be sent.' }),
      receive: z.number().int().openapi({ description: 'Pages that can be received.' }),
    }),
    api_key: z.object({ id: z.string(), livemode: z.boolean(), scopes: z.array(z.enum(API_KEY_SCOPES)) }),
    created_at: isoTime,
  })
  .openapi('Account');

export function listSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean(),
      next_cursor: z.string().nullable().openapi({ description: 'Pass as `after` for the next page; null on the last.' }),
    })
    .openapi(name);
}

export const ProblemSchema = z
  .object({
    type: z.string().url().openapi({ description: 'A documented anchor naming the problem, e.g. …/developers#problem-not-found.' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    request_id: z.string(),
  })
  .openapi('Problem', { description: `RFC 9457. Types: ${Object.keys(PROBLEM_TYPES).join(', ')}.` });

export const FaxIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const ContactIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const limitQuery = z.coerce.number().int().min(1).max(100).default(20).openapi({ description: '1 to 100; 20 when absent.' });
export const afterQuery = z.string().min(1).max(400).optional().openapi({ description: 'The `next_cursor` of the page before.' });

export const EventSchema = z
  .object({
    id: z.string().openapi({ description: 'The `webhook-id` its webhooks carried.', example: 'evt_3q2UeBcTkqYQy0bq5fJ0ZQ' }),
    object: z.literal('event'),
    type: z.string().openapi({ example: 'fax.delivered' }),
    timestamp: isoTime,
    livemode: z.boolean(),
    data: z.record(z.string(), z.unknown()).openapi({ description: 'As in the webhook’s body: the fax, the number or the credits.' }),
  })
  .openapi('Event', { description: 'The body a webhook carried, with its id: what happened, in the order it happened.' });
