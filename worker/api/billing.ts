import { Hono } from 'hono';
import { z } from 'zod';
import {
  type BillingHistory,
  changeCardSchema,
  checkoutConfirmSchema,
  checkoutSchema,
  resumeSubscriptionSchema,
} from '../../src/common/billing';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { findInvoiceOf } from '../db/queries/billing';
import { renderInvoicePdf } from '../documents/invoice';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { requireSameOrigin } from '../http/same-origin';
import { validate } from '../http/validate';
import { cancelAtPeriodEnd, resumePlan } from '../subscriptions/cancel';
import { changeCard } from '../subscriptions/change-card';
import { confirmCheckout, startCheckout } from '../subscriptions/checkout';
import { checkSubscriptionStatus, readBillingHistory, readSubscriptionStatus } from '../subscriptions/status';

const checkoutIdParamSchema = z.object({ checkoutId: z.uuid() });
const invoiceIdParamSchema = z.object({ invoiceId: z.uuid() });

// Plans, payments and subscriptions (spec §4, §5; docs/decisions/017). Every route needs a
// session; POSTs carry the global same-origin rule, the state-changing GETs add it here.
export const billingApi = new Hono<AppEnv>()
  .post('/checkout', validate('json', checkoutSchema), async (c) => {
    const { user } = currentViewer(c);
    const { plan, term, payment } = c.req.valid('json');
    return c.json(await startCheckout(c.env, user, { level: plan, term }, payment), 200);
  })

  .post('/checkout/:checkoutId/confirm', validate('param', checkoutIdParamSchema), validate('json', checkoutConfirmSchema), async (c) => {
    const { user } = currentViewer(c);
    return c.json(await confirmCheckout(c.env, user, c.req.valid('param').checkoutId, c.req.valid('json').approve), 200);
  })

  // Applies what is due first (trial end, renewal, end of a cancelled plan), so the answer is
  // current; the rows that showed nothing more is due are the ones answered, each read once, with
  // the session (app.ts: one D1 round trip while nothing is due).
  .get('/checkSubscriptionStatus', requireSameOrigin, async (c) => {
    const { user } = currentViewer(c);
    const answer = await checkSubscriptionStatus(c.env, user, c.get('readWithSession'));
    if (!answer) throw new ApiError(401, 'UNAUTHENTICATED');
    return c.json(answer, 200);
  })

  // The plan stops renewing (at Stripe too) and lasts until currentPeriodEnd; the page asks first (decision 040).
  .get('/cancelSubscription', requireSameOrigin, async (c) => {
    const { user } = currentViewer(c);
    await cancelAtPeriodEnd(c.env, user);
    return c.json(await readSubscriptionStatus(c.env, user.id), 200);
  })

  // Until the period end a cancelled plan may renew again, with no new charge (decision 040).
  .post('/resumeSubscription', validate('json', resumeSubscriptionSchema), async (c) => {
    const { user } = currentViewer(c);
    await resumePlan(c.env, user, c.req.valid('json').subscriptionId);
    return c.json(await readSubscriptionStatus(c.env, user.id), 200);
  })

  // A new card for later charges; a renewal that failed on the old one is charged to it at once.
  .post('/changeCard', validate('json', changeCardSchema), async (c) => {
    const { user } = currentViewer(c);
    return c.json(await changeCard(c.env, user, c.req.valid('json').card), 200);
  })

  .get('/billingHistory', async (c) => {
    const history: BillingHistory = await readBillingHistory(getDb(c.env), currentViewer(c).user.id);
    return c.json(history, 200);
  })

  // ?download=1 saves the file; without it the browser shows it.
  .get('/invoices/:invoiceId', validate('param', invoiceIdParamSchema), async (c) => {
    const { user } = currentViewer(c);
    const invoice = await findInvoiceOf(getDb(c.env), c.req.valid('param').invoiceId, user.id);
    if (!invoice) throw new ApiError(404, 'NOT_FOUND');
    const billedTo = user.displayName ? [user.displayName, user.email] : [user.email];
    const pdf = await renderInvoicePdf({ invoice, billedTo });
    const disposition = c.req.query('download') ? 'attachment' : 'inline';
    return new Response(pdf, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `${disposition}; filename="invoice-${invoice.number}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  });
