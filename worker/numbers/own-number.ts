import { numberInventory } from '../carrier';
import { getDb } from '../db/client';
import { claimNumberForOwner } from '../db/queries/numbers';
import type { FaxNumberRow } from '../db/schema';
import { publishPlanChange } from '../live/plan-change';
import { userHolderKey } from './holder';

// A number becomes a user's own in two ways: the hold they had when their plan started (the
// checkout's activation batch), or, for a user whose plan is already on, the number they pick on
// /reserveNumber. Both end here: the inventory is told and the user's pages are.

/** Makes the number ours at the inventory; a refusal leaves it assigned and is logged for an operator. */
export async function orderAssignedNumber(env: Env, number: string): Promise<void> {
  try {
    await numberInventory(env).orderNumber(number);
  } catch (error) {
    console.warn(`Ordering ${number} from the number inventory failed; it stays assigned`, error);
  }
}

/** A paying user takes the number as their own at once; null when it is not free to take. */
export async function takeNumberAsOwner(env: Env, userId: string, numberId: string): Promise<FaxNumberRow | null> {
  const owned = await claimNumberForOwner(getDb(env), numberId, userId, userHolderKey(userId), Date.now());
  if (!owned) return null;
  await orderAssignedNumber(env, owned.number);
  await publishPlanChange(env, userId, { changed: true, row: owned });
  return owned;
}
