import { getDb } from '../db/client';
import type { Db } from '../db/client';
import { findCheckoutById, findFailedChargesSince, listInvoicesOf, listTransactionsOf } from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { findUserById } from '../db/queries/users';
import type { FaxNumberRow, UserRow } from '../db/schema';
import { type BillingHistory, isPaying, type SubscriptionView } from '../../src/common/billing';
import { toInvoiceView, toSubscriptionView, toTransactionView } from '../views/subscriptions';
import type { LifecycleRows } from './lifecycle';

export interface SubscriptionAnswer {
  subscription: SubscriptionView;
}

/** The user's plan as the pages show it (no lifecycle step: see applyDueBilling). */
export async function readSubscriptionStatus(env: Env, userId: string): Promise<SubscriptionAnswer> {
  const db = getDb(env);
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  const paying = isPaying(user.subscriptionType);
  const [failures, owned] = await Promise.all([
    paying && user.currentPeriodEnd !== null ? findFailedChargesSince(db, userId, user.currentPeriodEnd) : { count: 0, lastAt: null },
    findNumberOwnedBy(db, userId),
  ]);
  return subscriptionStatusOf(env, user, { failures, owned });
}

/**
 * The plan as a page shows it, from the user row the session read and the number the page
 * context read: only the failed charges and the checkout are read here (nothing due is applied).
 */
export async function subscriptionStatusForPage(
  env: Env,
  user: UserRow,
  ownedNumber: Promise<FaxNumberRow | null>,
): Promise<SubscriptionAnswer> {
  const db = getDb(env);
  const paying = isPaying(user.subscriptionType);
  const [failures, owned] = await Promise.all([
    paying && user.currentPeriodEnd !== null ? findFailedChargesSince(db, user.id, user.currentPeriodEnd) : { count: 0, lastAt: null },
    ownedNumber,
  ]);
  return subscriptionStatusOf(env, user, { failures, owned });
}

/** The plan as the pages show it from rows already read (settleBilling's): only the checkout is read here. */
export async function subscriptionStatusOf(
  env: Env,
  user: UserRow,
  rows: Pick<LifecycleRows, 'failures' | 'owned'>,
): Promise<SubscriptionAnswer> {
  const checkout = isPaying(user.subscriptionType) && user.subscriptionId ? await findCheckoutById(getDb(env), user.subscriptionId) : null;
  return { subscription: toSubscriptionView(user, rows.owned, rows.failures, checkout) };
}

/** The user's payments and invoices as settings lists them (GET /api/billingHistory and the /settings page). */
export async function readBillingHistory(db: Db, userId: string): Promise<BillingHistory> {
  const [transactions, invoices] = await Promise.all([listTransactionsOf(db, userId), listInvoicesOf(db, userId)]);
  return { transactions: transactions.map(toTransactionView), invoices: invoices.map(toInvoiceView) };
}
