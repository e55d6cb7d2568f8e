import type { CheckoutView, InvoiceView, SubscriptionView, TransactionView } from '../../src/common/billing';
import { formatPhoneForDisplay } from '../../src/common/phone';
import type { CheckoutRow, FaxNumberRow, InvoiceRow, TransactionRow, UserRow } from '../db/schema';
import { graceEndsAt } from '../domain/subscriptions';

export function toSubscriptionView(
  user: UserRow,
  owned: FaxNumberRow | null,
  failures: { count: number; lastAt: number | null },
  checkout: CheckoutRow | null,
): SubscriptionView {
  const type = user.subscriptionType ?? 'FREE';
  const paying = type !== 'FREE';
  return {
    type,
    planLevel: paying ? user.planLevel : null,
    planTerm: paying ? user.planTerm : null,
    subscriptionId: user.subscriptionId,
    merchantType: user.merchantType,
    trialEndsAt: type === 'TRIAL' ? user.trialEndsAt : null,
    currentPeriodEnd: paying ? user.currentPeriodEnd : null,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    faxNumber: owned ? { number: owned.number, display: formatPhoneForDisplay(owned.number) } : null,
    renewalFailedAt: paying && failures.count > 0 ? failures.lastAt : null,
    graceEndsAt: graceEndsAt({ type, currentPeriodEnd: user.currentPeriodEnd, failedAttempts: failures.count }),
    card: paying && checkout?.cardBrand && checkout.cardLast4 ? { brand: checkout.cardBrand, last4: checkout.cardLast4 } : null,
  };
}

export function toCheckoutView(row: CheckoutRow): CheckoutView {
  return {
    id: row.id,
    plan: row.planLevel,
    term: row.planTerm,
    trial: row.trial,
    amountCents: row.amountCents,
    state: row.state,
    failureCode: row.failureCode,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
  };
}

export function toTransactionView(row: TransactionRow): TransactionView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    description: row.description,
    createdAt: row.createdAt,
  };
}

export function toInvoiceView(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    planLevel: row.planLevel,
    planTerm: row.planTerm,
    amountCents: row.amountCents,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    createdAt: row.createdAt,
  };
}
