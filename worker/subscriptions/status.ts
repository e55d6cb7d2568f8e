import { type BillingHistory, isPaying, type SubscriptionView } from '../../src/common/billing';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import { findCheckoutById, listInvoicesOf, listTransactionsOf } from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { planOptionsFrom, readPlanOptions } from '../db/queries/options';
import { type SubscriptionRowsRead, subscriptionRowsFrom } from '../db/queries/subscription-status';
import { findUserById } from '../db/queries/users';
import type { FaxNumberRow, UserRow } from '../db/schema';
import { toPaymentLines } from '../domain/payment-history';
import { priceOf } from '../domain/subscriptions';
import { toInvoiceView, toPaymentView, toSubscriptionView } from '../views/subscriptions';
import { type LifecycleRows, readFailedCharges, settleBilling } from './lifecycle';

export interface SubscriptionAnswer {
  subscription: SubscriptionView;
}

/** The user's plan as the pages show it (no lifecycle step: see applyDueBilling). */
export async function readSubscriptionStatus(env: Env, userId: string): Promise<SubscriptionAnswer> {
  const db = getDb(env);
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  return subscriptionStatusFor(env, user, findNumberOwnedBy(db, userId));
}

/**
 * The plan as a page shows it, from a user row already read and their number (a page context
 * reads it once for everything on the page): only the failed charges and the checkout are read
 * here, and nothing due is applied.
 */
export async function subscriptionStatusFor(
  env: Env,
  user: UserRow,
  ownedNumber: Promise<FaxNumberRow | null>,
): Promise<SubscriptionAnswer> {
  const [failures, owned] = await Promise.all([readFailedCharges(getDb(env), user), ownedNumber]);
  return subscriptionStatusOf(env, user, { failures, owned });
}

/**
 * GET /api/checkSubscriptionStatus: applies what is due (settleBilling), then answers the plan.
 * `read`: its rows as read in the session's batch (auth/viewer.ts, decision 043), so a plan with
 * nothing due reads D1 once for the whole request; null reads them here.
 */
export async function checkSubscriptionStatus(
  env: Env,
  user: UserRow,
  read: readonly unknown[] | null,
): Promise<SubscriptionAnswer | null> {
  const rows = read ? subscriptionRowsFrom(read) : null;
  const settled = await settleBilling(env, user, Date.now(), rows);
  if (!settled) return null;
  return subscriptionStatusOf(env, settled.user, settled.rows, settled.changed ? null : rows);
}

/**
 * The plan as the pages show it from rows already read (settleBilling's): only the checkout and,
 * for the price of the next charge, the plan options are read here, unless `read` has them.
 */
export async function subscriptionStatusOf(
  env: Env,
  user: UserRow,
  rows: Pick<LifecycleRows, 'failures' | 'owned'>,
  read: Pick<SubscriptionRowsRead, 'checkout' | 'optionRows'> | null = null,
): Promise<SubscriptionAnswer> {
  const db = getDb(env);
  const paying = isPaying(user.subscriptionType);
  const hasCheckout = paying && user.subscriptionId;
  const hasPrice = paying && user.planLevel && user.planTerm;
  const [checkout, options] = await Promise.all([
    hasCheckout ? (read ? read.checkout : findCheckoutById(db, user.subscriptionId!)) : null,
    hasPrice ? (read ? planOptionsFrom(read.optionRows) : readPlanOptions(db)) : null,
  ]);
  // The renewal charges the plan's price as the options say then (lifecycle.ts); Stripe the price
  // made from them at checkout.
  const price = options && user.planLevel && user.planTerm ? priceOf(options, user.planLevel, user.planTerm) : null;
  return { subscription: toSubscriptionView(user, rows.owned, rows.failures, checkout, price) };
}

/** The user's payments and invoices as settings lists them (GET /api/billingHistory and the /settings page). */
export async function readBillingHistory(db: Db, userId: string): Promise<BillingHistory> {
  const [transactions, invoices] = await Promise.all([listTransactionsOf(db, userId), listInvoicesOf(db, userId)]);
  return { payments: toPaymentLines(transactions).map(toPaymentView), invoices: invoices.map(toInvoiceView) };
}
