import { getDb } from '../db/client';
import { findCheckoutById, findFailedChargesSince } from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { findUserById } from '../db/queries/users';
import { isPaying, type SubscriptionView } from '../../src/common/billing';
import { toSubscriptionView } from '../views/subscriptions';

export interface SubscriptionAnswer {
  subscription: SubscriptionView;
}

/** The user's plan as the pages show it (no lifecycle step: see applyDueBilling). */
export async function readSubscriptionStatus(env: Env, userId: string): Promise<SubscriptionAnswer> {
  const db = getDb(env);
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  const paying = isPaying(user.subscriptionType);
  const [failures, checkout, owned] = await Promise.all([
    paying && user.currentPeriodEnd !== null ? findFailedChargesSince(db, userId, user.currentPeriodEnd) : { count: 0, lastAt: null },
    paying && user.subscriptionId ? findCheckoutById(db, user.subscriptionId) : null,
    findNumberOwnedBy(db, userId),
  ]);
  return { subscription: toSubscriptionView(user, owned, failures, checkout) };
}
