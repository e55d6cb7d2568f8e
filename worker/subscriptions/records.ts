import { type Allowance, formatCents, type PlanLevel, type PlanTerm } from '../../src/common/plans';
import { t } from '../../src/i18n/t';
import type { NewTransaction } from '../db/queries/billing';
import type { InvoiceRow } from '../db/schema';
import { invoiceNumber } from '../domain/subscriptions';

// The rows a payment leaves behind: transactions (money and credits) and the invoice of a charge.

export function planName(level: PlanLevel | string, term: PlanTerm | string): string {
  const levelName = level.charAt(0) + level.slice(1).toLowerCase();
  return t('billing.records.planName', {
    level: levelName,
    term: t(term === 'MONTH' ? 'billing.records.termMONTH' : 'billing.records.termYEAR'),
  });
}

export interface TransactionContext {
  userId: string;
  checkoutId: string | null;
  now: number;
}

export function transactionRow(
  ctx: TransactionContext,
  kind: NewTransaction['kind'],
  status: NewTransaction['status'],
  amountCents: number,
  description: string,
  processorRef: string | null = null,
): NewTransaction {
  return {
    id: crypto.randomUUID(),
    userId: ctx.userId,
    kind,
    status,
    amountCents,
    description,
    checkoutId: ctx.checkoutId,
    processorRef,
    createdAt: ctx.now,
  };
}

export function creditGrantRow(ctx: TransactionContext, grant: Allowance): NewTransaction {
  return transactionRow(
    ctx,
    'credit_grant',
    'succeeded',
    0,
    t('billing.records.creditGrant', { send: grant.send, receive: grant.receive }),
  );
}

/** A succeeded charge, its invoice and the period's credit grant. */
export function chargeRecords(
  ctx: TransactionContext,
  plan: { level: PlanLevel; term: PlanTerm; amountCents: number; periodStart: number; periodEnd: number; grant: Allowance },
  processorRef: string,
): { transactions: NewTransaction[]; invoice: InvoiceRow } {
  const charge = transactionRow(
    ctx,
    'charge',
    'succeeded',
    plan.amountCents,
    t('billing.records.charge', { plan: planName(plan.level, plan.term), amount: formatCents(plan.amountCents) }),
    processorRef,
  );
  const invoiceId = crypto.randomUUID();
  const invoice: InvoiceRow = {
    id: invoiceId,
    userId: ctx.userId,
    number: invoiceNumber(ctx.now, invoiceId),
    transactionId: charge.id,
    planLevel: plan.level,
    planTerm: plan.term,
    amountCents: plan.amountCents,
    periodStart: plan.periodStart,
    periodEnd: plan.periodEnd,
    createdAt: ctx.now,
  };
  return { transactions: [charge, creditGrantRow(ctx, plan.grant)], invoice };
}
