import { and, eq, isNull } from 'drizzle-orm';
import type { FaxFailureReason } from '../../../src/common/faxes';
import type { Db } from '../client';
import { faxNumbers, type UserRow, users } from '../schema';

// D1's part in receiving (decision 018): whose number a call came in on. The received fax itself
// is made, charged and ended in the owner's own store (db/store/received-faxes.ts, decision 023).

export interface InboundCall {
  faxId: string;
  userId: string;
  /** E.164 of the caller, null when withheld. */
  from: string | null;
  /** Our number the call came in on. */
  to: string;
  now: number;
}

export type ReceivedEnd =
  | { kind: 'received'; pageCount: number; documentKey: string; partial: boolean }
  | { kind: 'failed'; reason: FaxFailureReason; pagesReceived: number };

/** The owner of a number, with their credit period; null when it is nobody's (free, held, released). */
export type NumberOwner = Pick<UserRow, 'id' | 'creditPeriod' | 'defaultCreditsSend' | 'defaultCreditsReceive'>;

export async function findNumberOwner(db: Db, number: string): Promise<NumberOwner | null> {
  // An account being deleted takes no new faxes: its deletion may already have cleared its faxes
  // and documents, and a fax written now would outlive it in R2.
  const [row] = await db
    .select({
      id: users.id,
      creditPeriod: users.creditPeriod,
      defaultCreditsSend: users.defaultCreditsSend,
      defaultCreditsReceive: users.defaultCreditsReceive,
    })
    .from(faxNumbers)
    .innerJoin(users, eq(users.id, faxNumbers.ownerUserId))
    .where(and(eq(faxNumbers.number, number), eq(faxNumbers.state, 'ASSIGNED'), isNull(users.deletingAt)))
    .limit(1);
  return row ?? null;
}
