import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Allowance, PlanLevel, PlanTerm } from '../../../src/common/plans';
import { NO_PERIOD_CREDITS, periodCredits } from '../../domain/credits';
import type { Db } from '../client';
import { checkouts, type InvoiceRow, invoices, transactions, trials, users } from '../schema';
import type { NewTransaction } from './billing';
import { newCreditPeriod } from './credit-period';
import { assignHeldNumberStatement } from './numbers';

// The user's plan as it moves: started by a checkout, renewed, cancelled, ended. Each move is one
// D1 batch (one transaction), conditional on the state it was computed from, so a repeat or a
// race changes nothing.

const PAYING = ['TRIAL', 'PAID'] as const;

export interface PlanActivation {
  userId: string;
  checkoutId: string;
  processorRef: string;
  /** The card's brand and last four when the processor told them only now (Stripe). */
  card: { brand: string; last4: string } | null;
  level: PlanLevel;
  term: PlanTerm;
  trial: boolean;
  trialEndsAt: number | null;
  periodEnd: number;
  grant: Allowance;
  merchantType: string;
  transactions: NewTransaction[];
  invoice: InvoiceRow | null;
  /** The trials row for a trial: one per person (e-mail digest). */
  emailDigest: string | null;
  holderKey: string;
  now: number;
}

/** Checkout succeeded: the plan, its credits, the records and the held number, all or nothing. */
export async function activatePlan(db: Db, a: PlanActivation): Promise<void> {
  await db.batch([
    db
      .update(checkouts)
      .set({
        state: 'succeeded',
        processorRef: a.processorRef,
        updatedAt: a.now,
        ...(a.card ? { cardBrand: a.card.brand, cardLast4: a.card.last4 } : {}),
      })
      .where(eq(checkouts.id, a.checkoutId)),
    db
      .update(users)
      .set({
        subscriptionType: a.trial ? 'TRIAL' : 'PAID',
        planLevel: a.level,
        planTerm: a.term,
        trialEndsAt: a.trialEndsAt,
        currentPeriodEnd: a.periodEnd,
        cancelAtPeriodEnd: false,
        subscriptionId: a.checkoutId,
        merchantType: a.merchantType,
        ...newCreditPeriod(periodCredits(a.grant)),
      })
      .where(and(eq(users.id, a.userId), or(isNull(users.subscriptionType), eq(users.subscriptionType, 'FREE')))),
    db.insert(transactions).values(a.transactions),
    ...(a.invoice ? [db.insert(invoices).values(a.invoice)] : []),
    ...(a.emailDigest ? [db.insert(trials).values({ emailDigest: a.emailDigest, startedAt: a.now }).onConflictDoNothing()] : []),
    assignHeldNumberStatement(db, a.userId, a.holderKey, a.now),
  ]);
}

/**
 * One trial per person: none ever started with this e-mail (kept across account deletion and
 * sign-up again), and none by this account under an e-mail it has since changed.
 */
export async function hasHadTrial(db: Db, userId: string, emailDigest: string): Promise<boolean> {
  const [byEmail, byAccount] = await Promise.all([
    db.query.trials.findFirst({ where: eq(trials.emailDigest, emailDigest) }),
    db.query.checkouts.findFirst({ where: and(eq(checkouts.userId, userId), eq(checkouts.trial, true), eq(checkouts.state, 'succeeded')) }),
  ]);
  return byEmail !== undefined || byAccount !== undefined;
}

export interface PlanRenewal {
  userId: string;
  /** The period end the renewal was computed from; nothing happens if it has moved. */
  fromPeriodEnd: number;
  periodEnd: number;
  grant: Allowance;
  transactions: NewTransaction[];
  invoice: InvoiceRow;
}

/** A renewal (or a trial's end) was paid: PAID for another period, with its credits. */
export async function recordRenewal(db: Db, r: PlanRenewal): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({
        subscriptionType: 'PAID',
        currentPeriodEnd: r.periodEnd,
        ...newCreditPeriod(periodCredits(r.grant)),
      })
      .where(and(eq(users.id, r.userId), eq(users.currentPeriodEnd, r.fromPeriodEnd), inArray(users.subscriptionType, PAYING))),
    db.insert(transactions).values(r.transactions),
    db.insert(invoices).values(r.invoice),
  ]);
}

/** The plan is over: FREE, no plan credits; currentPeriodEnd keeps when it ended (for the number's grace). */
export async function endPlan(db: Db, userId: string, fromPeriodEnd: number, endedAt: number): Promise<boolean> {
  const ended = await db
    .update(users)
    .set({
      subscriptionType: 'FREE',
      planLevel: null,
      planTerm: null,
      trialEndsAt: null,
      currentPeriodEnd: endedAt,
      cancelAtPeriodEnd: false,
      subscriptionId: null,
      merchantType: null,
      ...newCreditPeriod(NO_PERIOD_CREDITS),
    })
    .where(and(eq(users.id, userId), eq(users.currentPeriodEnd, fromPeriodEnd), inArray(users.subscriptionType, PAYING)))
    .returning({ id: users.id });
  return ended.length === 1;
}

/** cancelSubscription: the plan stops renewing; it lasts until currentPeriodEnd. Idempotent. */
export async function markCancelAtPeriodEnd(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ cancelAtPeriodEnd: true })
    .where(and(eq(users.id, userId), inArray(users.subscriptionType, PAYING)));
}

/**
 * resumeSubscription: the plan renews again. Only the plan named (`subscriptionId`), only while it
 * is cancelled and its period has not ended; answers whether it changed.
 */
export async function clearCancelAtPeriodEnd(db: Db, userId: string, subscriptionId: string, now: number): Promise<boolean> {
  const resumed = await db
    .update(users)
    .set({ cancelAtPeriodEnd: false })
    .where(
      and(
        eq(users.id, userId),
        eq(users.subscriptionId, subscriptionId),
        eq(users.cancelAtPeriodEnd, true),
        inArray(users.subscriptionType, PAYING),
        sql`${users.currentPeriodEnd} > ${now}`,
      ),
    )
    .returning({ id: users.id });
  return resumed.length === 1;
}

/**
 * Users who may have something due by `now` (a renewal, a reminder, an end, a number to release),
 * in id order after `afterId`: some are only waiting (reminded already, a Stripe webhook to come),
 * so the cron pages through all of them rather than seeing the same first ones every run.
 */
export async function listUsersWithDueBilling(
  db: Db,
  now: number,
  reminderLeadMs: number,
  numberGraceMs: number,
  page: { afterId: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.id} > ${page.afterId}`,
        or(
          and(inArray(users.subscriptionType, PAYING), sql`${users.currentPeriodEnd} <= ${now + reminderLeadMs}`),
          and(
            eq(users.subscriptionType, 'FREE'),
            sql`${users.currentPeriodEnd} <= ${now - numberGraceMs}`,
            sql`EXISTS (SELECT 1 FROM fax_numbers WHERE state = 'ASSIGNED' AND owner_user_id = ${users.id})`,
          ),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(page.limit);
  return rows.map((row) => row.id);
}

/** Account deletion: the plan stops now, whatever its state. Running it again changes nothing. */
export async function stopSubscriptionOf(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ subscriptionType: 'FREE', planLevel: null, planTerm: null, cancelAtPeriodEnd: false, subscriptionId: null, merchantType: null })
    .where(and(eq(users.id, userId), inArray(users.subscriptionType, PAYING)));
}
