import { type ZodType, z } from 'zod';
import { retryAccountJobSchema } from '../../../src/common/account-deletion';
import { changeEmailSchema, changePasswordSchema, confirmEmailChangeSchema } from '../../../src/common/account-schemas';
import { passwordLoginSchema } from '../../../src/common/auth-schemas';
import { faxIdValue } from '../../../src/common/fax-id';
import { googleLoginSchema, loginSchema } from '../../../src/common/google-schemas';
import { mediaQuerySchema } from '../../../worker/api/fax-media';
import { loopbackWebhookSchema } from '../../../worker/carrier/loopback-events';
import { TELNYX_EVENT_TYPES, telnyxPayloadSchema } from '../../../worker/carrier/telnyx-events';
import { validatedPartOf } from '../../../worker/http/validate';
import { invoiceSchema, subscriptionSchema } from '../../../worker/subscriptions/payment-events';

// Every /api route with the zod schemas of its inputs, read off the app itself: each
// `validate(target, schema)` middleware names its schema (worker/http/validate.ts). A few routes
// parse inside the handler (the spec's OTHER-only answers, signed webhooks, signed media links);
// their schemas are named here, taken from where the handler reads them.

export type Part = 'json' | 'query' | 'param' | 'form';
export type WebhookKind = 'telnyx' | 'loopback' | 'stripe' | 'local-payments';

export interface FuzzRoute {
  /** `METHOD /api/path`, as docs/api.md writes it. */
  key: string;
  method: string;
  path: string;
  parts: Partial<Record<Part, ZodType>>;
  /** Signed by a carrier or a payment processor instead of coming from a page. */
  webhook: WebhookKind | null;
  /** The body is raw bytes (a resumable upload's chunk). */
  bytesBody: boolean;
}

interface AppRoute {
  method: string;
  path: string;
  handler: unknown;
}

/** Live sockets: their answer is an upgrade, not a JSON call (tests/integration/live.test.ts covers them). */
const SKIPPED = new Set(['GET /api/live', 'GET /api/live/job']);

// Telnyx's envelope around the payload we read (worker/carrier/telnyx-events.ts), as Telnyx sends it.
const telnyxWebhookSchema = z.object({
  data: z.object({
    id: z.string().min(1).max(60),
    event_type: z.enum(TELNYX_EVENT_TYPES as [string, ...string[]]),
    occurred_at: z.iso.datetime(),
    record_type: z.literal('event'),
    payload: telnyxPayloadSchema,
  }),
  meta: z.object({ attempt: z.number().int().min(1).max(5) }),
});

// A payment event as Stripe sends it, with the objects we read (worker/subscriptions/payment-events.ts).
const paymentWebhookSchema = z.object({
  id: z.string().min(1).max(60),
  type: z.enum(['invoice.paid', 'invoice.payment_failed', 'customer.subscription.deleted', 'charge.succeeded']),
  data: z.object({ object: z.union([invoiceSchema, subscriptionSchema]) }),
});

/** Inputs of the routes that read them inside the handler. */
const PARSED_IN_HANDLER: Record<string, Partial<Record<Part, ZodType>>> = {
  'POST /api/changePassword': { json: changePasswordSchema },
  'POST /api/changeEmail': { json: changeEmailSchema },
  'POST /api/confirmEmailChange': { json: confirmEmailChangeSchema },
  'GET /api/accountJobStatus': { query: retryAccountJobSchema },
  'GET /api/faxMedia/:faxId': { query: mediaQuerySchema, param: z.object({ faxId: faxIdValue }) },
  'POST /api/webhooks/telnyx': { json: telnyxWebhookSchema },
  'POST /api/webhooks/loopback': { json: loopbackWebhookSchema },
  'POST /api/webhooks/stripe': { json: paymentWebhookSchema },
  'POST /api/webhooks/local-payments': { json: paymentWebhookSchema },
};

// Sign-in picks its schema by the body's shape (src/common/google-schemas.ts), which a generator
// cannot see through: it generates either shape instead.
const GENERATE_AS = new Map<unknown, ZodType>([[loginSchema, z.union([passwordLoginSchema, googleLoginSchema])]]);

const WEBHOOKS: Record<string, WebhookKind> = {
  '/api/webhooks/telnyx': 'telnyx',
  '/api/webhooks/loopback': 'loopback',
  '/api/webhooks/stripe': 'stripe',
  '/api/webhooks/local-payments': 'local-payments',
};

/** Every /api route of `app` (but the live sockets) with its input schemas. */
export function fuzzRoutes(app: { routes: AppRoute[] }): FuzzRoute[] {
  const byKey = new Map<string, FuzzRoute>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    if (SKIPPED.has(key)) continue;
    const entry = byKey.get(key) ?? {
      key,
      method: route.method,
      path: route.path,
      parts: { ...PARSED_IN_HANDLER[key] },
      webhook: WEBHOOKS[route.path] ?? null,
      bytesBody: key === 'PUT /api/uploads/:uploadId',
    };
    const validated = validatedPartOf(route.handler);
    if (validated) entry.parts[validated.target as Part] = GENERATE_AS.get(validated.schema) ?? validated.schema;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
