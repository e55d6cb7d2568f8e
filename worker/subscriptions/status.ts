import { getDb } from '../db/client';
import { findCheckoutById, findFailedChargesSince } from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { findUserById } from '../db/queries/users';
import { isPaying } from '../domain/subscriptions';
import { toSubscriptionView, type SubscriptionStatus } from './view';

export interface SubscriptionAnswer {
  subscription: SubscriptionStatus;
}

/** The user's plan as the pages show it (no lifecycle step: see applyDueBilling). */
export async function readSubscriptionStatus(env: Env, userId: string): Promise<SubscriptionAnswer> {
  const db = getDb(env);
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  const paying = isPaying(user.subscriptionType);
  const failures =
    paying && user.currentPeriodEnd !== null ? await findFailedChargesSince(db, userId, user.currentPeriodEnd) : { count: 0, lastAt: null };
  const checkout = paying && user.subscriptionId ? await findCheckoutById(db, user.subscriptionId) : null;
  return { subscription: toSubscriptionView(user, await findNumberOwnedBy(db, userId), failures, checkout) };
}
