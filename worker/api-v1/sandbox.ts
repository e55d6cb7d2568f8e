import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { toE164 } from '../../src/common/phone';
import { SANDBOX_RECEIVED_PAGES } from '../domain/sandbox';
import { receiveSandboxFax } from '../fax/sandbox-received';
import { userStore } from '../user-store/stub';
import { toV1Fax } from './envelope';
import { idempotent, requireScope } from './middleware';
import { Problem } from './problems';
import { FaxSchema } from './schemas';
import { problemResponses, v1Hook } from './spec';
import type { V1Env } from './v1-env';

// The sandbox's own operations (decision 048), for test keys only: a test fax received on demand,
// and the wipe of every sandbox fax. A test key's sends need no operation of their own: POST /v1/faxes
// with a test key is the sandbox's (faxes.ts).

/** A fictional caller (NANP 555-01xx is reserved for fiction) when the request names none. */
const DEFAULT_TEST_CALLER = '+12025550142';

const ReceiveInput = z
  .object({
    from: z.string().min(1).max(40).optional().openapi({ description: 'The caller’s number.', example: DEFAULT_TEST_CALLER }),
    pages: z
      .number()
      .int()
      .min(SANDBOX_RECEIVED_PAGES.min)
      .max(SANDBOX_RECEIVED_PAGES.max)
      .default(SANDBOX_RECEIVED_PAGES.default)
      .openapi({ description: 'Pages of the test fax.' }),
  })
  .openapi('SandboxReceiveInput');

const SandboxWipe = z
  .object({ object: z.literal('sandbox_wipe'), deleted: z.number().int().openapi({ description: 'Sandbox faxes deleted.' }) })
  .openapi('SandboxWipe');

const receiveRoute = createRoute({
  method: 'post',
  path: '/sandbox/received_faxes',
  summary: 'Receive a test fax (sandbox)',
  description:
    'Test keys only. A fax arrives at once, whole, as a received sandbox fax (`livemode: false`), and `fax.received` is sent to your webhooks. Counts against the sandbox’s 100 faxes a day.',
  operationId: 'receiveSandboxFax',
  tags: ['Sandbox'],
  middleware: [requireScope('faxes:send'), idempotent] as const,
  'x-scope': 'faxes:send',
  request: {
    headers: z.object({ 'idempotency-key': z.string().min(1).max(255).optional() }),
    body: { required: false, content: { 'application/json': { schema: ReceiveInput } } },
  },
  responses: {
    201: { description: 'The received test fax.', content: { 'application/json': { schema: FaxSchema } } },
    ...problemResponses(400, 401, 403, 409, 422, 429),
  },
});

const wipeRoute = createRoute({
  method: 'delete',
  path: '/sandbox',
  summary: 'Delete every sandbox fax',
  description:
    'Test keys only. Deletes every sandbox fax, sent and received, with its PDF, for good. Live faxes are untouched; the day’s count against the sandbox limit stays.',
  operationId: 'wipeSandbox',
  tags: ['Sandbox'],
  middleware: [requireScope('faxes:send')] as const,
  'x-scope': 'faxes:send',
  responses: {
    200: { description: 'How many sandbox faxes went.', content: { 'application/json': { schema: SandboxWipe } } },
    ...problemResponses(401, 403, 429),
  },
});

function requireTestKey(c: Context<V1Env>): void {
  if (c.get('apiKey').livemode) {
    throw new Problem('test_key_required', 'The sandbox’s operations take a test key (fx_test_…); a live key acts on live faxes only.');
  }
}

export const sandboxV1 = new OpenAPIHono<V1Env>({ defaultHook: v1Hook })
  .openapi(receiveRoute, async (c) => {
    requireTestKey(c);
    // An empty body is the defaults (the schema does not run without a JSON content type).
    const body = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : ReceiveInput.parse({});
    const from = toE164(body.from ?? DEFAULT_TEST_CALLER);
    if (!from) {
      throw new Problem('invalid_fax_number', 'The caller’s number could not be read.', {
        errors: [{ field: 'from', message: 'not a fax number' }],
      });
    }
    const fax = await receiveSandboxFax(c.env, c.get('owner'), from, body.pages);
    return c.json(toV1Fax(fax, false), 201);
  })
  .openapi(wipeRoute, async (c) => {
    requireTestKey(c);
    const owner = c.get('owner');
    const deleted = await userStore(c.env, owner.id).wipeSandbox('ALL');
    return c.json({ object: 'sandbox_wipe' as const, deleted }, 200);
  });
