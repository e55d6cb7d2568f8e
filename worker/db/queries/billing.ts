import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { type CheckoutRow, checkouts, type InvoiceRow, invoices, type TransactionRow, transactions, webhookEvents } from '../schema';

// Checkouts, transactions and invoices. Money is integer cents. A checkout's claims are single
// conditional statements, so two tabs paying at once can never charge twice.

/** A checkout still `pending` after this long died with its request; it no longer blocks another. */
const PENDING_TIMEOUT_MS = 2 * 60 * 1000;

type NewCheckout = Omit<CheckoutRow, 'processorRef' | 'failureCode' | 'updatedAt' | 'state'>;

/**
 * Records a `pending` checkout unless the user already pays or has another checkout in flight.
 * Answers false when refused (one INSERT … SELECT: the database decides, not a read first).
 */
export async function insertCheckoutIfIdle(db: Db, row: NewCheckout): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO checkouts (id, user_id, plan_level, plan_term, trial, amount_cents, processor, state, card_brand, card_last4, created_at, updated_at)
    SELECT ${row.id}, ${row.userId}, ${row.planLevel}, ${row.planTerm}, ${row.trial ? 1 : 0}, ${row.amountCents}, ${row.processor},
      'pending', ${row.cardBrand}, ${row.cardLast4}, ${row.createdAt}, ${row.createdAt}
    WHERE NOT EXISTS (SELECT 1 FROM users WHERE id = ${row.userId} AND subscription_type IN ('TRIAL', 'PAID'))
      AND NOT EXISTS (SELECT 1 FROM checkouts WHERE user_id = ${row.userId} AND state = 'pending' AND updated_at > ${row.createdAt - PENDING_TIMEOUT_MS})`);
  return result.meta.changes > 0;
}

/** Moves a `requires_action` checkout to `pending` for its confirmation; null when another call got it. */
export async function claimCheckoutForConfirm(db: Db, checkoutId: string, userId: string, now: number): Promise<CheckoutRow | null> {
  const [row] = await db
    .update(checkouts)
    .set({ state: 'pending', updatedAt: now })
    .where(
      and(
        eq(checkouts.id, checkoutId),
        eq(checkouts.userId, userId),
        eq(checkouts.state, 'requires_action'),
        sql`NOT EXISTS (SELECT 1 FROM checkouts c2 WHERE c2.user_id = ${userId} AND c2.state = 'pending' AND c2.updated_at > ${now - PENDING_TIMEOUT_MS})`,
        sql`NOT EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND subscription_type IN ('TRIAL', 'PAID'))`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function findCheckoutOf(db: Db, checkoutId: string, userId: string): Promise<CheckoutRow | null> {
  return (await db.query.checkouts.findFirst({ where: and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)) })) ?? null;
}

export async function findCheckoutById(db: Db, checkoutId: string): Promise<CheckoutRow | null> {
  return (await db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) })) ?? null;
}

/** The user's checkout waiting for a challenge on this processor reference (a Stripe subscription), or null. */
export async function findWaitingCheckout(db: Db, userId: string, processor: string, processorRef: string): Promise<CheckoutRow | null> {
  const where = and(
    eq(checkouts.userId, userId),
    eq(checkouts.processor, processor),
    eq(checkouts.processorRef, processorRef),
    eq(checkouts.state, 'requires_action'),
  );
  return (await db.query.checkouts.findFirst({ where })) ?? null;
}

export async function markCheckoutRequiresAction(db: Db, checkoutId: string, processorRef: string, now: number): Promise<CheckoutRow> {
  const [row] = await db
    .update(checkouts)
    .set({ state: 'requires_action', processorRef, updatedAt: now })
    .where(eq(checkouts.id, checkoutId))
    .returning();
  return row!;
}

export async function markCheckoutFailed(db: Db, checkoutId: string, failureCode: string, now: number): Promise<CheckoutRow> {
  const [row] = await db
    .update(checkouts)
    .set({ state: 'failed', failureCode, updatedAt: now })
    .where(eq(checkouts.id, checkoutId))
    .returning();
  return row!;
}

export type NewTransaction = Omit<TransactionRow, 'currency'>;

/** Records one movement of money or credits on its own (a failed renewal, a released hold). */
export async function insertTransaction(db: Db, row: NewTransaction): Promise<void> {
  await db.insert(transactions).values(row);
}

/** Failed charges since `since` (the period end being renewed): how many, and the latest. */
export async function findFailedChargesSince(db: Db, userId: string, since: number): Promise<{ count: number; lastAt: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`, lastAt: sql<number | null>`max(${transactions.createdAt})` })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.kind, 'charge'),
        eq(transactions.status, 'failed'),
        gte(transactions.createdAt, since),
      ),
    );
  return { count: row?.count ?? 0, lastAt: row?.lastAt ?? null };
}

export async function listTransactionsOf(db: Db, userId: string): Promise<TransactionRow[]> {
  return db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(desc(transactions.createdAt), desc(transactions.id));
}

export async function listInvoicesOf(db: Db, userId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt), desc(invoices.id));
}

export async function findInvoiceOf(db: Db, invoiceId: string, userId: string): Promise<InvoiceRow | null> {
  return (await db.query.invoices.findFirst({ where: and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)) })) ?? null;
}

/**
 * Claims a one-time key (a renewal charge attempt, a reminder) in webhook_events, the table that
 * already makes repeated deliveries harmless. Answers true for the one caller that got it.
 */
export async function claimOnce(db: Db, scope: string, key: string, now: number): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({ provider: scope, eventId: key, receivedAt: now })
    .onConflictDoNothing()
    .returning();
  return inserted.length === 1;
}

export async function hasClaim(db: Db, scope: string, key: string): Promise<boolean> {
  return (
    (await db.query.webhookEvents.findFirst({ where: and(eq(webhookEvents.provider, scope), eq(webhookEvents.eventId, key)) })) !==
    undefined
  );
}

/** The plan's card changed: later charges use the new saved method, the card check is recorded. */
export async function replaceCheckoutCard(
  db: Db,
  a: { checkoutId: string; paymentMethod: string; card: { brand: string; last4: string }; check: NewTransaction; now: number },
): Promise<void> {
  await db.batch([
    db
      .update(checkouts)
      .set({ processorRef: a.paymentMethod, cardBrand: a.card.brand, cardLast4: a.card.last4, updatedAt: a.now })
      .where(eq(checkouts.id, a.checkoutId)),
    db.insert(transactions).values(a.check),
  ]);
}
