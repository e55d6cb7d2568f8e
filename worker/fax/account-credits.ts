import { creditPeriodOf } from '../db/queries/credit-period';
import type { UserRow } from '../db/schema';
import type { StoreCredits } from '../domain/credits';
import { userStore } from '../user-store/stub';
import { type AccountDetails, toAccountDetails } from '../views/account';

// The account as it is shown, with its credits from the user's store (decision 023): the store is
// handed D1's current credit period, so a grant made since its last call is taken first.

export function readStoreCredits(env: Env, user: UserRow): Promise<StoreCredits> {
  return userStore(env, user.id).credits(creditPeriodOf(user));
}

export async function accountDetailsOf(env: Env, user: UserRow): Promise<AccountDetails> {
  return toAccountDetails(user, await readStoreCredits(env, user));
}
