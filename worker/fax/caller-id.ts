import type { Db } from '../db/client';
import { findNumberOwnedBy } from '../db/queries/numbers';
import type { UserFaxRow } from '../db/store/schema';

/**
 * The number a fax is sent from: the user's own fax number, so replies come back to them; the
 * service's shared sender number when they have none or asked to send anonymously.
 */
export async function chooseCallerId(db: Db, fax: UserFaxRow, senderNumber: string): Promise<string> {
  if (fax.anonymous) return senderNumber;
  const own = await findNumberOwnedBy(db, fax.userId);
  return own?.number ?? senderNumber;
}
