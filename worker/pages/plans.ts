import type { PageData } from '../../src/common/page-data';
import { planChoiceSchema } from '../../src/common/plans';
import { getDb } from '../db/client';
import { findHoldOf } from '../db/queries/numbers';
import { recordAccountStep } from '../funnel/record';
import { readPlanChoices } from '../subscriptions/plan-options';
import { subscriptionStatusFor } from '../subscriptions/status';
import { toHoldView } from '../views/numbers';
import type { PageInput } from './page-input';

/**
 * The caller's live hold as GET /api/getTempNumberReservation answers it: a visitor's too (issue
 * 29). A user with a number of their own holds none (a hold is refused them), so nothing is read.
 */
async function holdOf({ env, holderKey, ownedNumber }: PageInput): Promise<ReturnType<typeof toHoldView> | null> {
  if (await ownedNumber) return null;
  const key = await holderKey();
  const hold = key ? await findHoldOf(getDb(env), key, Date.now()) : null;
  return hold ? toHoldView(hold) : null;
}

/**
 * /upgrade: the plans as GET /api/options answers them (visitors see them too), a signed-in
 * user's own plan as GET /api/checkSubscriptionStatus answers it (as stored: nothing due is applied
 * by opening a page), and the number the caller holds, so its timer stays in view while they choose.
 */
export async function loadUpgrade(input: PageInput): Promise<PageData | null> {
  const { env, user, ownedNumber } = input;
  const [options, status, hold] = await Promise.all([
    readPlanChoices(getDb(env), user),
    user ? subscriptionStatusFor(env, user, ownedNumber) : null,
    holdOf(input),
  ]);
  return { page: 'upgrade', options, subscription: status?.subscription ?? null, hold };
}

/**
 * /transaction: the plans, and the number the user holds. Opening it with a plan in the address is
 * the funnel's "plan chosen" (decision 040), counted once per account.
 */
export async function loadTransaction(input: PageInput): Promise<PageData | null> {
  const { env, user, url } = input;
  if (!user) return null;
  const chosen = planChoiceSchema.safeParse({ plan: url.searchParams.get('plan'), term: url.searchParams.get('term') }).success;
  const [options, hold] = await Promise.all([
    readPlanChoices(getDb(env), user),
    holdOf(input),
    chosen ? recordAccountStep(env, user.id, 'plan_chosen') : null,
  ]);
  return { page: 'transaction', options, hold };
}
