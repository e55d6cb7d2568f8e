import type { CheckoutView, InvoiceView, PaymentView, SubscriptionView } from '../../src/common/billing';
import { formatPhoneForDisplay } from '../../src/common/phone';
import { formatCents } from '../../src/common/plan-rules';
import { t } from '../../src/i18n/t';
import type { CheckoutRow, FaxNumberRow, InvoiceRow, UserRow } from '../db/schema';
import type { PaymentLine } from '../domain/payment-history';
import { graceEndsAt } from '../domain/subscriptions';

export function toSubscriptionView(
  user: UserRow,
  owned: FaxNumberRow | null,
  failures: { count: number; lastAt: number | null },
  checkout: CheckoutRow | null,
  priceCents: number | null,
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
    priceCents: paying ? priceCents : null,
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

/** A line of the payments table in words: a card check says it took nothing, and names a hold the bank may show. */
export function toPaymentView(line: PaymentLine): PaymentView {
  const check = line.kind === 'card_check';
  return {
    id: line.id,
    kind: line.kind,
    status: line.status,
    amountCents: line.amountCents,
    currency: line.currency,
    description: check ? t('billing.records.cardVerified') : (line.description ?? ''),
    note: line.heldCents ? t('billing.records.holdNote', { amount: formatCents(line.heldCents) }) : line.cardNote,
    createdAt: line.createdAt,
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
