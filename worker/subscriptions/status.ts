import { getDb } from '../db/client';
import { findCheckoutById, findFailedChargesSince } from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { findUserById } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { isPaying, type SubscriptionView } from '../../src/common/billing';
import { toSubscriptionView } from '../views/subscriptions';
import type { LifecycleRows } from './lifecycle';

export interface SubscriptionAnswer {
  subscription: SubscriptionView;
}

/** The user's plan as the pages show it (no lifecycle step: see applyDueBilling). */
export async function readSubscriptionStatus(env: Env, userId: string): Promise<SubscriptionAnswer> {
  const db = getDb(env);
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  const paying = isPaying(user.subscriptionType);
  const [failures, owned] = await Promise.all([
    paying && user.currentPeriodEnd !== null ? findFailedChargesSince(db, userId, user.currentPeriodEnd) : { count: 0, lastAt: null },
    findNumberOwnedBy(db, userId),
  ]);
  return subscriptionStatusOf(env, user, { failures, owned });
}

/** The plan as the pages show it from rows already read (settleBilling's): only the checkout is read here. */
export async function subscriptionStatusOf(
  env: Env,
  user: UserRow,
  rows: Pick<LifecycleRows, 'failures' | 'owned'>,
): Promise<SubscriptionAnswer> {
  const checkout = isPaying(user.subscriptionType) && user.subscriptionId ? await findCheckoutById(getDb(env), user.subscriptionId) : null;
  return { subscription: toSubscriptionView(user, rows.owned, rows.failures, checkout) };
}
