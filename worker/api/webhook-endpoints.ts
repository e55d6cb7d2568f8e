import { Hono } from 'hono';
import {
  createWebhookEndpointSchema,
  endpointIdBodySchema,
  endpointIdParamSchema,
  redeliverSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_EVENT_TYPES,
  webhookAttemptsQuerySchema,
  webhookEventsQuerySchema,
} from '../../src/common/outgoing-webhooks';
import { t } from '../../src/i18n/t';
import { currentViewer, requireViewer } from '../auth/viewer';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { enforceRateLimit } from '../http/rate-limit';
import { validate } from '../http/validate';
import * as webhooks from '../outgoing-webhooks/endpoints';

// Outgoing webhooks managed from Settings → Developers (decision 047): every call needs a session;
// each account's endpoints live in its own store, so another account's id answers 404 like a missing one.

function refuse(result: { code: webhooks.EndpointRefusal; problem?: string }): never {
  if (result.code === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND');
  if (result.code === 'TOO_MANY_WEBHOOK_ENDPOINTS') throw new ApiError(409, 'TOO_MANY_WEBHOOK_ENDPOINTS');
  throw new ApiError(400, 'WEBHOOK_URL_REFUSED', result.problem === 'UNRESOLVABLE' ? t('api.webhookUrlUnresolvable') : undefined);
}

export const webhookEndpointsApi = new Hono<AppEnv>()
  .get('/webhookEndpoints', requireViewer, async (c) => {
    const { user } = currentViewer(c);
    const endpoints = await webhooks.listWebhookEndpoints(c.env, user.id);
    return c.json({ endpoints, eventTypes: [...WEBHOOK_EVENT_TYPES] }, 200);
  })

  .post('/addWebhookEndpoint', requireViewer, validate('json', createWebhookEndpointSchema), async (c) => {
    const { user } = currentViewer(c);
    await enforceRateLimit(c, 'webhook-change-account', user.id);
    const result = await webhooks.createWebhookEndpoint(c.env, user.id, c.req.valid('json'));
    if (!result.ok) refuse(result);
    return c.json(result.value, 201);
  })

  .post('/editWebhookEndpoint', requireViewer, validate('json', updateWebhookEndpointSchema), async (c) => {
    const { user } = currentViewer(c);
    await enforceRateLimit(c, 'webhook-change-account', user.id);
    const { endpointId, ...patch } = c.req.valid('json');
    const result = await webhooks.updateWebhookEndpoint(c.env, user.id, endpointId, patch);
    if (!result.ok) refuse(result);
    return c.json({ endpoint: result.value }, 200);
  })

  .post('/deleteWebhookEndpoint', requireViewer, validate('json', endpointIdBodySchema), async (c) => {
    const { user } = currentViewer(c);
    if (!(await webhooks.deleteWebhookEndpoint(c.env, user.id, c.req.valid('json').endpointId))) throw new ApiError(404, 'NOT_FOUND');
    return c.json({ deleted: true }, 200);
  })

  .post('/rotateWebhookSecret', requireViewer, validate('json', endpointIdBodySchema), async (c) => {
    const { user } = currentViewer(c);
    await enforceRateLimit(c, 'webhook-change-account', user.id);
    const result = await webhooks.rotateWebhookSecret(c.env, user.id, c.req.valid('json').endpointId);
    if (!result.ok) refuse(result);
    return c.json(result.value, 200);
  })

  .post('/sendTestWebhook', requireViewer, validate('json', endpointIdBodySchema), async (c) => {
    const { user } = currentViewer(c);
    await enforceRateLimit(c, 'webhook-change-account', user.id);
    const eventId = await webhooks.sendTestWebhook(c.env, user.id, c.req.valid('json').endpointId);
    if (!eventId) throw new ApiError(404, 'NOT_FOUND');
    return c.json({ eventId }, 202);
  })

  .post('/redeliverWebhooks', requireViewer, validate('json', redeliverSchema), async (c) => {
    const { user } = currentViewer(c);
    await enforceRateLimit(c, 'webhook-change-account', user.id);
    const { endpointId, deliveryId } = c.req.valid('json');
    const count = await webhooks.redeliverWebhooks(c.env, user.id, deliveryId ? { deliveryId } : { endpointId });
    if (count === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND');
    return c.json({ redelivered: count }, 202);
  })

  .get(
    '/webhookEndpoints/:endpointId/attempts',
    requireViewer,
    validate('param', endpointIdParamSchema),
    validate('query', webhookAttemptsQuerySchema),
    async (c) => {
      const { user } = currentViewer(c);
      const { before, limit } = c.req.valid('query');
      const attempts = await webhooks.listWebhookAttempts(c.env, user.id, c.req.valid('param').endpointId, before ?? null, limit ?? 50);
      if (!attempts) throw new ApiError(404, 'NOT_FOUND');
      return c.json({ attempts }, 200);
    },
  )

  .get('/webhookEvents', requireViewer, validate('query', webhookEventsQuerySchema), async (c) => {
    const { user } = currentViewer(c);
    const { after, limit } = c.req.valid('query');
    const page = await webhooks.listWebhookEvents(c.env, user.id, after ?? null, limit ?? 50);
    if (page === 'UNKNOWN_CURSOR') throw new ApiError(400, 'INVALID_INPUT', t('api.invalidValue', { field: 'after' }));
    return c.json(page, 200);
  });
