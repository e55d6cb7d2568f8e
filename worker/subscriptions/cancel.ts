import { getDb } from '../db/client';
import { findCheckoutById } from '../db/queries/billing';
import { markCancelAtPeriodEnd, stopSubscriptionOf } from '../db/queries/subscriptions';
import { findUserById } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { isPaying } from '../../src/common/billing';
import { ApiError } from '../http/api-error';
import { publishToUser } from '../live/publish';
import { processorOfPlan } from '../payments';
import { ProcessorUnavailableError } from '../payments/types';

// Stopping a plan (spec §5, docs/decisions/017). A plan the processor runs itself (Stripe) is
// stopped there first: were it stopped only here, Stripe would go on charging. If the processor
// cannot be told, nothing changes here either and the caller may try again.

/**
 * Tells the processor running the user's plan to stop it, at the period end or now; nothing to do
 * for a plan we renew ourselves. Throws ProcessorUnavailableError while the processor is down.
 */
export async function stopAtProcessor(env: Env, user: UserRow, when: 'period_end' | 'now'): Promise<void> {
  if (!user.merchantType || !user.subscriptionId) return;
  const processor = processorOfPlan(env, user.merchantType);
  if (!processor.cancelSubscription) return;
  const checkout = await findCheckoutById(getDb(env), user.subscriptionId);
  if (!checkout?.processorRef) return;
  await processor.cancelSubscription(checkout.processorRef, { when, idempotencyKey: `${user.subscriptionId}:cancel-${when}` });
}

/** GET /api/cancelSubscription: no more renewals; the plan (and the number) last until the period end. */
export async function cancelAtPeriodEnd(env: Env, user: UserRow): Promise<void> {
  if (!isPaying(user.subscriptionType) || !user.subscriptionId || !user.merchantType) throw new ApiError(409, 'NOT_SUBSCRIBED');
  if (user.cancelAtPeriodEnd) return;
  try {
    await stopAtProcessor(env, user, 'period_end');
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError)) throw error;
    console.warn(`Cancelling the plan of user ${user.id}: the payment processor could not be reached`, error);
    throw new ApiError(503, 'PAYMENT_UNAVAILABLE');
  }
  await markCancelAtPeriodEnd(getDb(env), user.id);
  await publishToUser(env, user.id, { type: 'subscription.updated', at: Date.now() });
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
