import type { CreditPeriod } from '../../domain/credits';
import { setPeriodCredits } from './credits';
import { readFact, writeFact } from './facts';
import type { StoreScope } from './open-store';

// Plans are sold and renewed in D1 (the billing schedule is found across users there), while the
// balance is in the user's store. D1 numbers each credit period (users.credit_period: up by one
// with every grant, renewal and plan end) and keeps its allowance; every call that reads or spends
// credits hands the store the period D1 has, and the store takes a newer one before anything else.
// So no grant needs a write to both places at once, and none is applied twice (decision 023).

const PERIOD_KEY = 'credit-period';

export function readAppliedPeriod(store: StoreScope): number {
  const value = readFact(store, PERIOD_KEY);
  return value === null ? 0 : Number(value);
}

export function saveAppliedPeriod(store: StoreScope, period: number): void {
  writeFact(store, PERIOD_KEY, String(period));
}

/**
 * Takes `period` if it is newer than the one the store has: the default credits become its
 * allowance (a GRANT or EXPIRE move in the ledger); paid credits stay. An older or the same period
 * changes nothing, so a caller that read D1 before a renewal cannot undo it.
 */
export function applyCreditPeriod(store: StoreScope, period: CreditPeriod, now: number): boolean {
  if (period.period <= readAppliedPeriod(store)) return false;
  setPeriodCredits(store, { defaultCreditsSend: period.send, defaultCreditsReceive: period.receive }, now);
  saveAppliedPeriod(store, period.period);
  return true;
}
