import { type CheckoutPayment, type CheckoutView, isPaying } from '../../src/common/billing';
import type { PlanLevel, PlanOptions, PlanTerm } from '../../src/common/plans';
import { t } from '../../src/i18n/t';
import { sha256Hex } from '../crypto/tokens';
import { type Db, getDb } from '../db/client';
import {
  claimCheckoutForConfirm,
  findCheckoutOf,
  insertCheckoutIfIdle,
  markCheckoutFailed,
  markCheckoutRequiresAction,
} from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { readPlanOptions } from '../db/queries/options';
import { activatePlan, hasHadTrial } from '../db/queries/subscriptions';
import type { CheckoutRow, UserRow } from '../db/schema';
import { DAY_MS, isTrialEligible, priceOf, renewalGrant, trialGrant } from '../domain/subscriptions';
import { recordAccountStep } from '../funnel/record';
import { ApiError } from '../http/api-error';
import { publishPlanChange } from '../live/plan-change';
import { userHolderKey } from '../numbers/holder';
import { orderAssignedNumber } from '../numbers/own-number';
import { paymentProcessor, processorOfPlan } from '../payments';
import { type PaymentProcessor, ProcessorUnavailableError } from '../payments/types';
import { toCheckoutView } from '../views/subscriptions';
import { type CheckoutOutcome, checkPayment, confirmFirstPayment, firstPayment } from './first-payment';
import { planStartRecords } from './plan-start';
import { readSubscriptionStatus, type SubscriptionAnswer } from './status';

// POST /api/checkout and its challenge confirmation (spec §4, docs/decisions/017). The card goes
// to the processor only (typed, for `local`; through Stripe Elements, for `stripe`); we keep its
// brand and last four digits. Nothing is granted until the processor says yes, and then
// everything is granted in one batch.

export interface CheckoutAnswer extends SubscriptionAnswer {
  checkout: CheckoutView;
  /** Stripe only, while the bank's challenge is open: Stripe.js runs it with this, then we confirm. */
  clientSecret?: string;
}

/** The digest trials are kept by: one trial per e-mail address, even after re-signing up. */
function trialDigestOf(email: string): Promise<string> {
  return sha256Hex(`trial:${email.trim().toLowerCase()}`);
}

/** One trial per person: by e-mail (across sign-ups) and by account (across e-mail changes). */
export async function hasUserHadTrial(db: Db, user: Pick<UserRow, 'id' | 'email'>): Promise<boolean> {
  return hasHadTrial(db, user.id, await trialDigestOf(user.email));
}

function assertNotSubscribed(user: UserRow): void {
  if (isPaying(user.subscriptionType)) throw new ApiError(409, 'ALREADY_SUBSCRIBED');
}

export async function startCheckout(
  env: Env,
  user: UserRow,
  plan: { level: PlanLevel; term: PlanTerm },
  payment: CheckoutPayment,
): Promise<CheckoutAnswer> {
  const processor = paymentProcessor(env);
  const summary = checkPayment(processor, payment);
  assertNotSubscribed(user);
  const db = getDb(env);
  const options = await readPlanOptions(db);
  const trial = isTrialEligible(options, plan.level, plan.term, await hasUserHadTrial(db, user));
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
    // With Stripe the card is known once Stripe answers (settleCheckout records it then).
    cardBrand: summary?.brand ?? null,
    cardLast4: summary?.last4 ?? null,
    createdAt: now,
  };
  if (!(await insertCheckoutIfIdle(db, row))) {
    throw new ApiError(409, 'ALREADY_SUBSCRIBED', t('api.planInProgress'));
  }
  const checkout: CheckoutRow = { ...row, state: 'pending', processorRef: null, failureCode: null, updatedAt: now };
  const trialEndsAt = trial ? now + options.trial.length_in_days * DAY_MS : null;
  const outcome = await unlessUnavailable(
    checkout,
    () => firstPayment({ processor, payment, checkout, options, price, user, trialEndsAt }),
    () => markCheckoutFailed(db, checkout.id, 'PAYMENT_UNAVAILABLE', Date.now()),
  );
  return settleCheckout(env, user, checkout, outcome, options, processor);
}

export async function confirmCheckout(env: Env, user: UserRow, checkoutId: string, approve: boolean): Promise<CheckoutAnswer> {
  const db = getDb(env);
  const existing = await findCheckoutOf(db, checkoutId, user.id);
  if (!existing) throw new ApiError(404, 'NOT_FOUND');
  if (existing.state !== 'requires_action' || !existing.processorRef) throw new ApiError(409, 'OTHER', t('api.checkoutNotAuthenticating'));
  assertNotSubscribed(user);
  const checkout = await claimCheckoutForConfirm(db, checkoutId, user.id, Date.now());
  if (!checkout) throw new ApiError(409, 'OTHER', t('api.checkoutNotAuthenticating'));
  // The processor that started this checkout answers for it.
  const processor = processorOfPlan(env, checkout.processor);
  const ref = existing.processorRef;
  // Unanswered, it goes back to waiting: the user, or Stripe's webhook for its first invoice, confirms again.
  const outcome = await unlessUnavailable(
    checkout,
    () => confirmFirstPayment(processor, ref, approve),
    () => markCheckoutRequiresAction(db, checkout.id, ref, Date.now()),
  );
  return settleCheckout(env, user, checkout, outcome, await readPlanOptions(db), processor);
}

/**
 * An outage at the processor is nobody's refusal: the answer is 503 and nothing is granted; the
 * checkout is put where it no longer blocks (`release`). Its id is logged, as the processor may
 * have acted before its answer was lost.
 */
async function unlessUnavailable(
  checkout: CheckoutRow,
  pay: () => Promise<CheckoutOutcome>,
  release: () => Promise<unknown>,
): Promise<CheckoutOutcome> {
  try {
    return await pay();
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError)) throw error;
    console.warn(`Checkout ${checkout.id}: the payment processor could not be reached`, error);
    await release();
    throw new ApiError(503, 'PAYMENT_UNAVAILABLE');
  }
}

/** Records what the processor answered: a refusal (402), a challenge, or the plan itself. */
async function settleCheckout(
  env: Env,
  user: UserRow,
  checkout: CheckoutRow,
  outcome: CheckoutOutcome,
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
    const answer = { checkout: toCheckoutView(waiting), ...(await readSubscriptionStatus(env, user.id)) };
    return outcome.clientSecret ? { ...answer, clientSecret: outcome.clientSecret } : answer;
  }
  const { planLevel: level, planTerm: term } = checkout;
  const start = await planStartRecords({ userId: user.id, checkoutId: checkout.id, now }, checkout, outcome, options, processor);
  await activatePlan(db, {
    userId: user.id,
    checkoutId: checkout.id,
    processorRef: outcome.keep,
    card: outcome.card,
    level,
    term,
    trial: checkout.trial,
    trialEndsAt: checkout.trial ? start.end : null,
    periodEnd: start.end,
    grant: checkout.trial ? trialGrant(options, level) : renewalGrant(options, level, term),
    merchantType: processor.name,
    transactions: start.transactions,
    invoice: start.invoice,
    emailDigest: checkout.trial ? await trialDigestOf(user.email) : null,
    holderKey: userHolderKey(user.id),
    now,
  });
  const owned = await findNumberOwnedBy(db, user.id);
  if (owned && owned.assignedAt === now) await orderAssignedNumber(env, owned.number);
  await publishPlanChange(env, user.id, { changed: owned?.assignedAt === now, row: owned });
  await recordAccountStep(env, user.id, 'plan_started', now);
  const card = outcome.card ? { cardBrand: outcome.card.brand, cardLast4: outcome.card.last4 } : {};
  const done = { ...checkout, ...card, state: 'succeeded' as const, processorRef: outcome.keep, updatedAt: now };
  return { checkout: toCheckoutView(done), ...(await readSubscriptionStatus(env, user.id)) };
}
