import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS } from './outgoing-webhook-rules';

// The contract of outgoing webhooks' site routes (decision 047): bodies and queries, checked by the
// Worker (and later by /v1, the same schemas). The page itself reads only the rules file.

export * from './outgoing-webhook-rules';

export const webhookEventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)));

const urlText = z.string().trim().min(1).max(WEBHOOK_LIMITS.url);

export const createWebhookEndpointSchema = z.object({
  url: urlText,
  events: webhookEventTypesSchema,
  description: z.string().trim().max(WEBHOOK_LIMITS.description).default(''),
});

export const WEBHOOK_ENDPOINT_ID_PATTERN = /^we_[A-Za-z0-9_-]{10,40}$/;
export const WEBHOOK_DELIVERY_ID_PATTERN = /^del_[A-Za-z0-9_-]{10,40}$/;
export const webhookEndpointIdSchema = z.string().regex(WEBHOOK_ENDPOINT_ID_PATTERN);
export const webhookDeliveryIdSchema = z.string().regex(WEBHOOK_DELIVERY_ID_PATTERN);
export const webhookEventIdSchema = z.string().regex(/^evt_[A-Za-z0-9_-]{10,40}$/);

export const endpointIdParamSchema = z.object({ endpointId: webhookEndpointIdSchema });
export const endpointIdBodySchema = endpointIdParamSchema;

export const updateWebhookEndpointSchema = z
  .object({
    endpointId: webhookEndpointIdSchema,
    url: urlText.optional(),
    events: webhookEventTypesSchema.optional(),
    description: z.string().trim().max(WEBHOOK_LIMITS.description).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 1, { message: 'NOTHING_TO_CHANGE' });

/** One delivery again (`deliveryId`), or every failed one of the endpoint (without it). */
export const redeliverSchema = z.object({ endpointId: webhookEndpointIdSchema, deliveryId: webhookDeliveryIdSchema.optional() });

const limitSchema = z.coerce.number().int().min(1).max(100).optional();

export const webhookEventsQuerySchema = z.object({ after: webhookEventIdSchema.optional(), limit: limitSchema });

export const webhookAttemptsQuerySchema = z.object({ before: z.coerce.number().int().min(0).optional(), limit: limitSchema });
