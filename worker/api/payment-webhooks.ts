import { type Context, Hono } from 'hono';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { verifyStripeEvent } from '../payments/stripe';
import { handlePaymentEvent, type PaymentProvider, paymentEventSchema } from '../subscriptions/payment-events';

// Payment processor webhooks (docs/decisions/017). Processors call from their own servers: no
// session, exempt from the same-origin rule; the signature over the timestamp and the raw body is
// the check. Both use Stripe's scheme (`t=<unix s>,v1=<hex HMAC-SHA256 of "t.body">`, 300 s
// tolerance), so the local processor's stand-in is verified by the same code with its own secret.
// A handled, repeated or unknown event answers 200 (the processor stops redelivering); an error
// answers 5xx (it redelivers; nothing was recorded).

async function receive(c: Context<AppEnv>, provider: PaymentProvider, secret: string | undefined, header: string): Promise<Response> {
  if (!secret) throw new ApiError(404, 'NOT_FOUND');
  const body = await c.req.text();
  const verified = await verifyStripeEvent(body, c.req.header(header) ?? null, secret);
  if (!verified) throw new ApiError(401, 'INVALID_SIGNATURE');
  if (verified === 'malformed') throw new ApiError(400, 'MALFORMED_BODY');
  const event = paymentEventSchema.safeParse(verified);
  if (!event.success) throw new ApiError(400, 'MALFORMED_BODY');
  const result = await handlePaymentEvent(c.env, provider, event.data);
  if (result === 'malformed') throw new ApiError(400, 'MALFORMED_BODY');
  return c.json({ received: true, result }, 200);
}

export const paymentWebhooksApi = new Hono<AppEnv>()
  // Exists when STRIPE_WEBHOOK_SECRET is set (required with PAYMENT_PROCESSOR=stripe).
  .post('/webhooks/stripe', (c) => receive(c, 'stripe', readConfig(c.env).STRIPE_WEBHOOK_SECRET, 'stripe-signature'))
  // The local processor's stand-in for those webhooks: only with PAYMENT_PROCESSOR=local.
  .post('/webhooks/local-payments', (c) => {
    const config = readConfig(c.env);
    const secret = config.PAYMENT_PROCESSOR === 'local' ? config.LOCAL_PAYMENTS_WEBHOOK_SECRET : undefined;
    return receive(c, 'local', secret, 'local-payments-signature');
  });
