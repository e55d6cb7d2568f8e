import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { type CheckoutRow, checkouts, type FaxNumberRow, faxNumbers, sessions, transactions, users, webhookEvents } from '../schema';
import { planOptionRowsQuery } from './options';

// What GET /api/checkSubscriptionStatus reads besides the user, as reads keyed by the session
// (auth/viewer.ts makes them in the session check's own D1 batch: one round trip, decision 043).
// Each is what lifecycle.ts and status.ts read by the user, joined through the session to the
// user's row: the failed charges of the paid period, the number, the period's reminder, the
// checkout and the plan options.

const PAYING = ['TRIAL', 'PAID'] as const;

/** Scope of the one-time claims that say a period's renewal reminder was mailed (webhook_events). */
export const REMINDER_SCOPE = 'billing-reminder';

/** The user's id behind the session (a scalar subquery every read below starts from). */
const userOfSession = (db: Db, sessionId: string) => db.select({ id: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId));

export interface SubscriptionRowsRead {
  failures: { count: number; lastAt: number | null };
  owned: FaxNumberRow | null;
  reminded: boolean;
  checkout: CheckoutRow | null;
  optionRows: { key: string; value: string }[];
}

/** The reads, in the order subscriptionRowsFrom takes their results. */
export function subscriptionStatusReads(db: Db, sessionId: string) {
  const user = userOfSession(db, sessionId);
  return [
    // As readFailedCharges: charges that failed since the paid period's end (none outside one).
    db
      .select({ count: sql<number>`count(*)`, lastAt: sql<number | null>`max(${transactions.createdAt})` })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(
        and(
          eq(transactions.userId, user),
          eq(transactions.kind, 'charge'),
          eq(transactions.status, 'failed'),
          inArray(users.subscriptionType, PAYING),
          gte(transactions.createdAt, users.currentPeriodEnd),
        ),
      ),
    db
      .select()
      .from(faxNumbers)
      .where(and(eq(faxNumbers.state, 'ASSIGNED'), eq(faxNumbers.ownerUserId, user)))
      .limit(1),
    // The reminder's claim (lifecycle.ts REMINDER_SCOPE) is keyed `${subscriptionId}:${currentPeriodEnd}`.
    db
      .select({ one: sql<number>`1` })
      .from(webhookEvents)
      .innerJoin(users, eq(users.id, user))
      .where(
        and(
          eq(webhookEvents.provider, REMINDER_SCOPE),
          inArray(users.subscriptionType, PAYING),
          eq(webhookEvents.eventId, sql`${users.subscriptionId} || ':' || ${users.currentPeriodEnd}`),
        ),
      )
      .limit(1),
    db
      .select({ checkout: checkouts })
      .from(checkouts)
      .innerJoin(users, eq(checkouts.id, users.subscriptionId))
      .where(and(eq(users.id, user), inArray(users.subscriptionType, PAYING)))
      .limit(1),
    planOptionRowsQuery(db),
  ] as const;
}

/** The results of subscriptionStatusReads, as they were answered in the batch. */
export function subscriptionRowsFrom(results: readonly unknown[]): SubscriptionRowsRead {
  const [failures, owned, reminded, checkout, optionRows] = results as [
    { count: number; lastAt: number | null }[],
    FaxNumberRow[],
    unknown[],
    { checkout: CheckoutRow }[],
    { key: string; value: string }[],
  ];
  return {
    failures: { count: failures[0]?.count ?? 0, lastAt: failures[0]?.lastAt ?? null },
    owned: owned[0] ?? null,
    reminded: reminded.length > 0,
    checkout: checkout[0]?.checkout ?? null,
    optionRows,
  };
}
