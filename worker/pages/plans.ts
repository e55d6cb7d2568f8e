import type { PageData } from '../../src/common/page-data';
import { getDb } from '../db/client';
import { findHoldOf } from '../db/queries/numbers';
import { userHolderKey } from '../numbers/holder';
import { readPlanChoices } from '../subscriptions/plan-options';
import { subscriptionStatusFor } from '../subscriptions/status';
import { toHoldView } from '../views/numbers';
import type { PageInput } from './page-input';

/**
 * /upgrade: the plans as GET /api/options answers them (visitors see them too), and a signed-in
 * user's own plan as GET /api/checkSubscriptionStatus answers it (as stored: nothing due is applied
 * by opening a page).
 */
export async function loadUpgrade({ env, user, ownedNumber }: PageInput): Promise<PageData | null> {
  const [options, status] = await Promise.all([
    readPlanChoices(getDb(env), user),
    user ? subscriptionStatusFor(env, user, ownedNumber) : null,
  ]);
  return { page: 'upgrade', options, subscription: status?.subscription ?? null };
}

/** /transaction: the plans, and the number the user holds as GET /api/getTempNumberReservation answers it. */
export async function loadTransaction({ env, user, ownedNumber }: PageInput): Promise<PageData | null> {
  if (!user) return null;
  const db = getDb(env);
  const [options, hold] = await Promise.all([readPlanChoices(db, user), findHoldOf(db, userHolderKey(user.id), Date.now())]);
  return { page: 'transaction', options, hold: hold ? toHoldView(hold) : null };
}
