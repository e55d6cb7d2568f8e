import { isPaying } from '../../src/common/billing';
import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { findCheckoutById } from '../db/queries/billing';
import { clearCancelAtPeriodEnd, markCancelAtPeriodEnd, stopSubscriptionOf } from '../db/queries/subscriptions';
import { findUserById } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { publishToUser } from '../live/publish';
import { processorOfPlan } from '../payments';
import { type PaymentProcessor, ProcessorUnavailableError } from '../payments/types';

// Stopping a plan and taking the stop back (spec §5, docs/decisions/017 and 040). A plan the
// processor runs itself (Stripe) is changed there first: were it stopped only here, Stripe would
// go on charging. If the processor cannot be told, nothing changes here either and the caller may
// try again. Each request to the processor has a key of its own (the time it was asked), so a
// stop, a resume and a stop again within a day are three requests, not one replayed.

/** The processor running the user's plan and the subscription it knows it by, or null for a plan we renew ourselves. */
async function planAtProcessor(env: Env, user: UserRow): Promise<{ processor: PaymentProcessor; ref: string } | null> {
  if (!user.merchantType || !user.subscriptionId) return null;
  const processor = processorOfPlan(env, user.merchantType);
  if (!processor.cancelSubscription) return null;
  const checkout = await findCheckoutById(getDb(env), user.subscriptionId);
  return checkout?.processorRef ? { processor, ref: checkout.processorRef } : null;
}

/**
 * Tells the processor running the user's plan to stop it, at the period end or now; nothing to do
 * for a plan we renew ourselves. Throws ProcessorUnavailableError while the processor is down.
 */
export async function stopAtProcessor(env: Env, user: UserRow, when: 'period_end' | 'now', now = Date.now()): Promise<void> {
  const plan = await planAtProcessor(env, user);
  const key = when === 'now' ? `${user.subscriptionId}:cancel-now` : `${user.subscriptionId}:cancel-period_end:${now}`;
  await plan?.processor.cancelSubscription?.(plan.ref, { when, idempotencyKey: key });
}

/** Runs a processor call; an outage is 503 PAYMENT_UNAVAILABLE, with nothing changed. */
async function unlessUnavailable<T>(user: UserRow, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError)) throw error;
    console.warn(`${what} the plan of user ${user.id}: the payment processor could not be reached`, error);
    throw new ApiError(503, 'PAYMENT_UNAVAILABLE');
  }
}

function assertPlanRunning(user: UserRow): asserts user is UserRow & { subscriptionId: string; merchantType: string } {
  if (!isPaying(user.subscriptionType) || !user.subscriptionId || !user.merchantType) throw new ApiError(409, 'NOT_SUBSCRIBED');
}

/** GET /api/cancelSubscription: no more renewals; the plan (and the number) last until the period end. */
export async function cancelAtPeriodEnd(env: Env, user: UserRow): Promise<void> {
  assertPlanRunning(user);
  if (user.cancelAtPeriodEnd) return;
  await unlessUnavailable(user, 'Cancelling', () => stopAtProcessor(env, user, 'period_end'));
  await markCancelAtPeriodEnd(getDb(env), user.id);
  await publishToUser(env, user.id, { type: 'subscription.updated', at: Date.now() });
}

/**
 * POST /api/resumeSubscription: a cancelled plan renews again, as if never cancelled, until its
 * period end; nothing is charged now (the next charge is the renewal it already had).
 */
export async function resumePlan(env: Env, user: UserRow, subscriptionId: string): Promise<void> {
  assertPlanRunning(user);
  if (user.subscriptionId !== subscriptionId) throw new ApiError(404, 'NOT_FOUND');
  if (!user.cancelAtPeriodEnd) return;
  const now = Date.now();
  if (user.currentPeriodEnd === null || user.currentPeriodEnd <= now) throw new ApiError(409, 'NOT_SUBSCRIBED', t('api.planEnded'));
  const plan = await planAtProcessor(env, user);
  if (plan?.processor.resumeSubscription) {
    const { processor, ref } = plan;
    const resumed = await unlessUnavailable(user, 'Resuming', () =>
      processor.resumeSubscription!(ref, { idempotencyKey: `${subscriptionId}:resume:${now}` }),
    );
    if (!resumed) throw new ApiError(409, 'NOT_SUBSCRIBED', t('api.planEnded'));
  }
  if (!(await clearCancelAtPeriodEnd(getDb(env), user.id, subscriptionId, now)))
    throw new ApiError(409, 'NOT_SUBSCRIBED', t('api.planEnded'));
  await publishToUser(env, user.id, { type: 'subscription.updated', at: now });
}

/**
 * Account deletion's `cancel-subscription` step: the plan stops now, at the processor first (an
 * outage throws, and the job retries the step). Running it again changes nothing.
 */
export async function stopPlanForDeletion(env: Env, userId: string): Promise<void> {
  const db = getDb(env);
  const user = await findUserById(db, userId);
  if (user && isPaying(user.subscriptionType)) await stopAtProcessor(env, user, 'now');
  await stopSubscriptionOf(db, userId);
}
