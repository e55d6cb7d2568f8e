import type { CheckoutView, CardInput } from '../../src/common/billing';
import type { PlanLevel, PlanOptions, PlanTerm } from '../../src/common/plans';
import { sha256Hex } from '../auth/tokens';
import { numberInventory } from '../carrier';
import { getDb } from '../db/client';
import {
  claimCheckoutForConfirm,
  findCheckoutOf,
  insertCheckoutIfIdle,
  markCheckoutFailed,
  markCheckoutRequiresAction,
  type NewTransaction,
} from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { readPlanOptions } from '../db/queries/options';
import { activatePlan, hasHadTrial } from '../db/queries/subscriptions';
import type { CheckoutRow, InvoiceRow, UserRow } from '../db/schema';
import { isTrialEligible, periodEnd, priceOf, renewalGrant, trialGrant, DAY_MS } from '../domain/subscriptions';
import { ApiError } from '../http/api-error';
import { userHolderKey } from '../numbers/holder';
import { paymentProcessor } from '../payments';
import type { PaymentOutcome, PaymentProcessor, PaymentSource } from '../payments/types';
import { publishPlanChange } from './notify';
import { chargeRecords, creditGrantRow, planName, transactionRow, type TransactionContext } from './records';
import { readSubscriptionStatus, type SubscriptionAnswer } from './status';
import { toCheckoutView } from './view';

// POST /api/checkout and its challenge confirmation (spec §4, docs/decisions/017). The card goes
// to the processor only; we keep its brand and last four digits. Nothing is granted until the
// processor says yes, and then everything is granted in one batch.

export interface CheckoutAnswer extends SubscriptionAnswer {
  checkout: CheckoutView;
}

/** The digest trials are kept by: one trial per e-mail address, even after re-signing up. */
export function trialDigestOf(email: string): Promise<string> {
  return sha256Hex(`trial:${email.trim().toLowerCase()}`);
}

function assertNotSubscribed(user: UserRow): void {
  if (user.subscriptionType === 'TRIAL' || user.subscriptionType === 'PAID') throw new ApiError(409, 'ALREADY_SUBSCRIBED');
}

/** The first payment step: the plan's price, or for a trial what preAuthType asks of the card. */
function firstPayment(processor: PaymentProcessor, source: PaymentSource, checkout: CheckoutRow, options: PlanOptions, price: number): Promise<PaymentOutcome> {
  const request = { amountCents: checkout.trial ? 0 : price, description: planName(checkout.planLevel, checkout.planTerm), idempotencyKey: checkout.id };
  if (!checkout.trial) return processor.charge(source, request);
  // `none` still checks the card (a processor saves a card that way) but records nothing.
  return processor.authorize(source, options.preAuthType === 'authorize' ? { ...request, amountCents: price } : request);
}

export async function startCheckout(env: Env, user: UserRow, plan: { level: PlanLevel; term: PlanTerm }, card: CardInput): Promise<CheckoutAnswer> {
  const processor = paymentProcessor(env);
  const summary = processor.describeCard(card);
  if (!summary) throw new ApiError(400, 'INVALID_CARD');
  assertNotSubscribed(user);
  const db = getDb(env);
  const options = await readPlanOptions(db);
  const trial = isTrialEligible(options, plan.level, plan.term, await hasHadTrial(db, await trialDigestOf(user.email)));
  const price = priceOf(options, plan.level, plan.term);
  const now = Date.now();
  const row = {
    id: crypto.randomUUID(),
    userId: user.id,
    planLevel: plan.level,
    planTerm: plan.term,
    trial,
    amountCents: trial ? 0 : price,
    processor: processor.name,
    cardBrand: summary.brand,
    cardLast4: summary.last4,
    createdAt: now,
  };
  if (!(await insertCheckoutIfIdle(db, row))) {
    throw new ApiError(409, 'ALREADY_SUBSCRIBED', 'The account already has a plan, or a payment for one is in progress.');
  }
  const checkout: CheckoutRow = { ...row, state: 'pending', processorRef: null, failureCode: null, updatedAt: now };
  const outcome = await firstPayment(processor, { card }, checkout, options, price);
  return settleCheckout(env, user, checkout, outcome, options, processor);
}

export async function confirmCheckout(env: Env, user: UserRow, checkoutId: string, approve: boolean): Promise<CheckoutAnswer> {
  const db = getDb(env);
  const existing = await findCheckoutOf(db, checkoutId, user.id);
  if (!existing) throw new ApiError(404, 'NOT_FOUND');
  if (existing.state !== 'requires_action' || !existing.processorRef) throw new ApiError(409, 'OTHER', 'This checkout is not waiting for authentication.');
  assertNotSubscribed(user);
  const checkout = await claimCheckoutForConfirm(db, checkoutId, user.id, Date.now());
  if (!checkout) throw new ApiError(409, 'OTHER', 'This checkout is not waiting for authentication.');
  const processor = paymentProcessor(env);
  const outcome = await processor.confirmAction(existing.processorRef, approve);
  return settleCheckout(env, user, checkout, outcome, await readPlanOptions(db), processor);
}

/** Records what the processor answered: a refusal (402), a challenge, or the plan itself. */
async function settleCheckout(
  env: Env,
  user: UserRow,
  checkout: CheckoutRow,
  outcome: PaymentOutcome,
  options: PlanOptions,
  processor: PaymentProcessor,
): Promise<CheckoutAnswer> {
  const db = getDb(env);
  const now = Date.now();
  if (outcome.status === 'declined') {
    await markCheckoutFailed(db, checkout.id, outcome.code, now);
    throw new ApiError(402, outcome.code);
  }
  if (outcome.status === 'requires_action') {
    const waiting = await markCheckoutRequiresAction(db, checkout.id, outcome.ref, now);
    return { checkout: toCheckoutView(waiting), ...(await readSubscriptionStatus(env, user.id)) };
  }
  const ctx: TransactionContext = { userId: user.id, checkoutId: checkout.id, now };
  const { planLevel: level, planTerm: term } = checkout;
  const price = priceOf(options, level, term);
  let transactions: NewTransaction[];
  let invoice: InvoiceRow | null = null;
  let end: number;
  if (checkout.trial) {
    end = now + options.trial.length_in_days * DAY_MS;
    transactions = [creditGrantRow(ctx, trialGrant(options, level))];
    if (options.preAuthType === 'verify') transactions.unshift(transactionRow(ctx, 'authorization', 'succeeded', 0, 'Card check', outcome.ref));
    if (options.preAuthType === 'authorize') {
      // A hold of the first charge proves the card can pay it; it is let go at once.
      await processor.release(outcome.ref);
      transactions.unshift(
        transactionRow(ctx, 'authorization', 'succeeded', price, `Hold for ${planName(level, term)}`, outcome.ref),
        transactionRow(ctx, 'authorization_release', 'succeeded', price, 'Hold released', outcome.ref),
      );
    }
  } else {
    end = periodEnd(now, term);
    const records = chargeRecords(ctx, { level, term, amountCents: price, periodStart: now, periodEnd: end, grant: renewalGrant(options, level, term) }, outcome.ref);
    transactions = records.transactions;
    invoice = records.invoice;
  }
  await activatePlan(db, {
    userId: user.id,
    checkoutId: checkout.id,
    processorRef: outcome.paymentMethod,
    level,
    term,
    trial: checkout.trial,
    trialEndsAt: checkout.trial ? end : null,
    periodEnd: end,
    grant: checkout.trial ? trialGrant(options, level) : renewalGrant(options, level, term),
    merchantType: processor.name,
    transactions,
    invoice,
    emailDigest: checkout.trial ? await trialDigestOf(user.email) : null,
    holderKey: userHolderKey(user.id),
    now,
  });
  const owned = await findNumberOwnedBy(db, user.id);
  if (owned && owned.assignedAt === now) await orderAssignedNumber(env, owned.number);
  await publishPlanChange(env, user.id, { changed: owned?.assignedAt === now, row: owned });
  const done = { ...checkout, state: 'succeeded' as const, processorRef: outcome.paymentMethod, updatedAt: now };
  return { checkout: toCheckoutView(done), ...(await readSubscriptionStatus(env, user.id)) };
}

/** Makes the number ours at the inventory; a refusal leaves it assigned and is logged for an operator. */
async function orderAssignedNumber(env: Env, number: string): Promise<void> {
  try {
    await numberInventory(env).orderNumber(number);
  } catch (error) {
    console.warn(`Ordering ${number} from the number inventory failed; it stays assigned`, error);
  }
}
