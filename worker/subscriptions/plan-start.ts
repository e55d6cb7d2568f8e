import type { PlanOptions } from '../../src/common/plans';
import { t } from '../../src/i18n/t';
import type { NewTransaction } from '../db/queries/billing';
import type { CheckoutRow, InvoiceRow } from '../db/schema';
import { DAY_MS, periodEnd, priceOf, renewalGrant, trialGrant } from '../domain/subscriptions';
import type { PaymentProcessor } from '../payments/types';
import type { CheckoutOutcome } from './first-payment';
import { chargeRecords, creditGrantRow, planName, type TransactionContext, transactionRow } from './records';

// What a successful checkout writes besides the plan itself: the rows of the first payment (the
// charge and its invoice, or a trial's check or hold) and the credit grant, and when the first
// period (or the trial) ends.

interface PlanStart {
  transactions: NewTransaction[];
  invoice: InvoiceRow | null;
  end: number;
}

export async function planStartRecords(
  ctx: TransactionContext,
  checkout: CheckoutRow,
  outcome: Extract<CheckoutOutcome, { status: 'succeeded' }>,
  options: PlanOptions,
  processor: PaymentProcessor,
): Promise<PlanStart> {
  const { planLevel: level, planTerm: term } = checkout;
  const price = priceOf(options, level, term);
  if (!checkout.trial) {
    const end = outcome.periodEnd ?? periodEnd(ctx.now, term);
    const grant = renewalGrant(options, level, term);
    const records = chargeRecords(
      ctx,
      { level, term, amountCents: price, periodStart: ctx.now, periodEnd: end, grant },
      outcome.ref ?? outcome.keep,
    );
    return { ...records, end };
  }
  const end = outcome.periodEnd ?? ctx.now + options.trial.length_in_days * DAY_MS;
  const transactions = [creditGrantRow(ctx, trialGrant(options, level))];
  // A processor that runs the plan checked the card when it saved it; preAuthType is what we ask
  // of a card ourselves.
  if (outcome.runsItself) return { transactions, invoice: null, end };
  if (options.preAuthType === 'verify')
    transactions.unshift(transactionRow(ctx, 'authorization', 'succeeded', 0, t('billing.records.cardCheck'), outcome.ref));
  if (options.preAuthType === 'authorize' && outcome.ref) {
    // A hold of the first charge proves the card can pay it; it is let go at once.
    await processor.release(outcome.ref);
    transactions.unshift(
      transactionRow(ctx, 'authorization', 'succeeded', price, t('billing.records.holdFor', { plan: planName(level, term) }), outcome.ref),
      transactionRow(ctx, 'authorization_release', 'succeeded', price, t('billing.records.holdReleased'), outcome.ref),
    );
  }
  return { transactions, invoice: null, end };
}
