import { getDb } from '../db/client';
import type { Db } from '../db/client';
import { findCheckoutById, findFailedChargesSince, listInvoicesOf, listTransactionsOf } from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { findUserById } from '../db/queries/users';
import { type BillingHistory, isPaying, type SubscriptionView } from '../../src/common/billing';
import { toInvoiceView, toSubscriptionView, toTransactionView } from '../views/subscriptions';

export interface SubscriptionAnswer {
  subscription: SubscriptionView;
}

/** The user's plan as the pages show it (no lifecycle step: see applyDueBilling). */
export async function readSubscriptionStatus(env: Env, userId: string): Promise<SubscriptionAnswer> {
  const db = getDb(env);
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  const paying = isPaying(user.subscriptionType);
  const [failures, checkout, owned] = await Promise.all([
    paying && user.currentPeriodEnd !== null ? findFailedChargesSince(db, userId, user.currentPeriodEnd) : { count: 0, lastAt: null },
    paying && user.subscriptionId ? findCheckoutById(db, user.subscriptionId) : null,
    findNumberOwnedBy(db, userId),
  ]);
  return { subscription: toSubscriptionView(user, owned, failures, checkout) };
}

/** The user's payments and invoices as settings lists them (GET /api/billingHistory and the /settings page). */
export async function readBillingHistory(db: Db, userId: string): Promise<BillingHistory> {
  const [transactions, invoices] = await Promise.all([listTransactionsOf(db, userId), listInvoicesOf(db, userId)]);
  return { transactions: transactions.map(toTransactionView), invoices: invoices.map(toInvoiceView) };
}
