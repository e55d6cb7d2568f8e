import { sql } from 'drizzle-orm';
import type { CreditPeriod, PeriodCredits } from '../../domain/credits';
import { type UserRow, users } from '../schema';

// D1's side of the credit periods (db/store/credit-period.ts): each grant, renewal or plan end
// numbers a new period with its allowance; the user's store takes it on its next call.

/** The users columns a new period sets, for an UPDATE of the users row. */
export function newCreditPeriod(allowance: PeriodCredits) {
  return { ...allowance, creditPeriod: sql`${users.creditPeriod} + 1` };
}

/** The period the users row holds, as the store takes it. */
export function creditPeriodOf(user: Pick<UserRow, 'creditPeriod' | 'defaultCreditsSend' | 'defaultCreditsReceive'>): CreditPeriod {
  return { period: user.creditPeriod, send: user.defaultCreditsSend, receive: user.defaultCreditsReceive };
}
