import { z } from 'zod';
import { t } from '../../src/i18n/t';
import { type Db, getDb } from '../db/client';
import { findCheckoutById, findWaitingCheckout, insertTransaction } from '../db/queries/billing';
import { readPlanOptions } from '../db/queries/options';
import { endPlan, recordRenewal } from '../db/queries/subscriptions';
import { findUserById } from '../db/queries/users';
import { isWebhookEventHandled, recordWebhookEvent } from '../db/queries/webhook-events';
import type { UserRow } from '../db/schema';
import { periodEnd, renewalGrant } from '../domain/subscriptions';
import { ApiError } from '../http/api-error';
import { publishPlanChange } from '../live/plan-change';
import { publishToUser } from '../live/publish';
import { paymentFailedMail } from '../mail/billing-mail';
import { sendMail } from '../mail/send';
import { confirmCheckout } from './checkout';
import { runClaimed } from './claimed';
import { chargeRecords, planName, transactionRow } from './records';

// What a payment processor tells us about a plan it runs itself (Stripe; the local processor's
// signed stand-in uses the same shape), after the route has verified the signature. Three kinds
// change something: a renewal paid, a renewal refused, the subscription over. Each delivery is
// handled once (webhook_events: provider + event id); each effect also claims its own key first,
// so two copies of one event arriving at once still grant, record or mail once.

export type PaymentProvider = 'stripe' | 'local';

const metadata = z.object({ userId: z.string().optional() }).nullish();
const subscriptionRef = z.union([z.string(), z.object({ id: z.string() })]).transform((ref) => (typeof ref === 'string' ? ref : ref.id));

export const invoiceSchema = z.object({
  id: z.string(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().int().min(0),
  amount_due: z.number().int().min(0),
  attempt_count: z.number().int().min(0).default(0),
  parent: z.object({ subscription_details: z.object({ subscription: subscriptionRef, metadata }).nullish() }).nullish(),
});

export const subscriptionSchema = z.object({ id: z.string(), ended_at: z.number().int().nullish(), metadata });

/** The envelope every event has (Stripe's `Event`): we read only what we act on. */
export const paymentEventSchema = z.object({ id: z.string().min(1), type: z.string().min(1), data: z.object({ object: z.unknown() }) });
type PaymentEventEnvelope = z.infer<typeof paymentEventSchema>;

type PaymentEventResult = 'handled' | 'duplicate' | 'ignored' | 'malformed';

/** Handles one verified event; 'malformed' when a known type does not have the shape we need. */
export async function handlePaymentEvent(
  env: Env,
  provider: PaymentProvider,
  event: PaymentEventEnvelope,
  now = Date.now(),
): Promise<PaymentEventResult> {
  const db = getDb(env);
  if (await isWebhookEventHandled(db, provider, event.id)) return 'duplicate';
  let result: PaymentEventResult = 'ignored';
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = invoiceSchema.safeParse(event.data.object);
    if (!invoice.success) return 'malformed';
    const details = invoice.data.parent?.subscription_details;
    const first = event.type === 'invoice.paid' && invoice.data.billing_reason === 'subscription_create';
    if (details && first) result = await settleWaitingCheckout(env, provider, details.metadata?.userId, details.subscription);
    const user = details && !first ? await payingUser(db, provider, details.metadata?.userId, details.subscription) : null;
    if (user && event.type === 'invoice.paid') result = await renewalPaid(env, provider, user, invoice.data, now);
    if (user && event.type === 'invoice.payment_failed') result = await renewalFailed(env, provider, user, invoice.data, now);
  } else if (event.type === 'customer.subscription.deleted') {
    const subscription = subscriptionSchema.safeParse(event.data.object);
    if (!subscription.success) return 'malformed';
    const user = await payingUser(db, provider, subscription.data.metadata?.userId, subscription.data.id);
    if (user && (await endPlan(db, user.id, user.currentPeriodEnd!, (subscription.data.ended_at ?? now / 1000) * 1000))) {
      await publishPlanChange(env, user.id, { changed: false, row: null });
      result = 'handled';
    }
  }
  await recordWebhookEvent(db, provider, event.id, now);
  return result;
}

/** The user whose current plan is this subscription with this processor; null for any other. */
async function payingUser(db: Db, provider: PaymentProvider, userId: string | undefined, subscriptionId: string): Promise<UserRow | null> {
  if (!userId) return null;
  const user = await findUserById(db, userId);
  if (!user || user.merchantType !== provider || !user.subscriptionId || user.currentPeriodEnd === null) return null;
  if (user.subscriptionType !== 'PAID' && user.subscriptionType !== 'TRIAL') return null;
  const checkout = await findCheckoutById(db, user.subscriptionId);
  return checkout?.processorRef === subscriptionId ? user : null;
}

/**
 * The first invoice was paid after the bank's challenge, but the page never confirmed it (the tab
 * closed): the checkout still waiting for it is confirmed now, exactly as the page would have.
 * Anything else about the first invoice was granted by the checkout already.
 */
async function settleWaitingCheckout(
  env: Env,
  provider: PaymentProvider,
  userId: string | undefined,
  subscriptionId: string,
): Promise<PaymentEventResult> {
  const db = getDb(env);
  const user = userId ? await findUserById(db, userId) : null;
  const waiting = user ? await findWaitingCheckout(db, user.id, provider, subscriptionId) : null;
  if (!user || !waiting) return 'ignored';
  try {
    await confirmCheckout(env, user, waiting.id, true);
    return 'handled';
  } catch (error) {
    // Confirmed meanwhile, or refused after all: the event has nothing left to do. An outage (5xx)
    // rethrows, so the processor delivers it again.
    if (error instanceof ApiError && error.status < 500) return 'ignored';
    throw error;
  }
}

type Invoice = z.infer<typeof invoiceSchema>;

/** A period's invoice was paid: PAID for another period with its credits, a charge and an invoice. */
async function renewalPaid(env: Env, provider: PaymentProvider, user: UserRow, invoice: Invoice, now: number): Promise<PaymentEventResult> {
  // The first invoice paid the checkout, which granted it already; only a new period renews.
  if (invoice.billing_reason !== 'subscription_cycle') return 'ignored';
  const { planLevel: level, planTerm: term } = user;
  if (!level || !term) return 'ignored';
  const db = getDb(env);
  const options = await readPlanOptions(db);
  const fromEnd = user.currentPeriodEnd!;
  const end = periodEnd(fromEnd, term);
  const grant = renewalGrant(options, level, term);
  const ctx = { userId: user.id, checkoutId: user.subscriptionId, now };
  const records = chargeRecords(
    ctx,
    { level, term, amountCents: invoice.amount_paid, periodStart: fromEnd, periodEnd: end, grant },
    invoice.id,
  );
  const result = await claimed(db, `${provider}-invoice-paid`, invoice.id, now, () =>
    recordRenewal(db, { userId: user.id, fromPeriodEnd: fromEnd, periodEnd: end, grant, ...records }),
  );
  if (result === 'handled') await publishPlanChange(env, user.id, { changed: false, row: null });
  return result;
}

/** A renewal was refused: a failed charge, which starts (or continues) the 3-day grace, and a mail. */
async function renewalFailed(
  env: Env,
  provider: PaymentProvider,
  user: UserRow,
  invoice: Invoice,
  now: number,
): Promise<PaymentEventResult> {
  const { planLevel: level, planTerm: term } = user;
  if (!level || !term) return 'ignored';
  const db = getDb(env);
  const ctx = { userId: user.id, checkoutId: user.subscriptionId, now };
  const failed = transactionRow(
    ctx,
    'charge',
    'failed',
    invoice.amount_due,
    t('billing.records.renewalFailed', { plan: planName(level, term), code: 'PAYMENT_DECLINED' }),
    invoice.id,
  );
  const result = await claimed(db, `${provider}-invoice-failed`, `${invoice.id}:${invoice.attempt_count}`, now, () =>
    insertTransaction(db, failed),
  );
  if (result !== 'handled') return result;
  await publishToUser(env, user.id, { type: 'subscription.updated', at: now });
  await sendMail(
    env,
    paymentFailedMail(user.email, { plan: planName(level, term), amountCents: invoice.amount_due, retries: 'processor' }),
  );
  return result;
}

/**
 * Does the database write for the one caller that claims the key (two copies of an event at once
 * write once); if the write fails the claim is given back, so the processor's redelivery does it.
 * Pushes and mails come after, outside the claim: their failure must not undo or repeat a write.
 */
async function claimed(db: Db, scope: string, key: string, now: number, work: () => Promise<void>): Promise<PaymentEventResult> {
  return (await runClaimed(db, scope, key, now, work)) ? 'handled' : 'duplicate';
}
