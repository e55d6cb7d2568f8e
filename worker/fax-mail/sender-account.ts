import type { Db } from '../db/client';
import { findSendersByAddress } from '../db/queries/fax-mail-addresses';
import type { UserRow } from '../db/schema';

/**
 * The account a confirmed address sends for (decision 028): the account whose own e-mail it is,
 * once verified; otherwise the one account that confirmed it for received faxes. An address two
 * accounts confirmed names neither ('AMBIGUOUS'): a fax must never be charged to a guess.
 */
export async function accountOfSender(db: Db, address: string): Promise<UserRow | 'NONE' | 'AMBIGUOUS'> {
  const { owner, confirmedBy } = await findSendersByAddress(db, address);
  if (owner) return owner;
  const accounts = new Map(confirmedBy.map((user) => [user.id, user]));
  if (accounts.size === 0) return 'NONE';
  return accounts.size === 1 ? [...accounts.values()][0]! : 'AMBIGUOUS';
}
