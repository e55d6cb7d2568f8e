import { eq } from 'drizzle-orm';
import type { CreditBalance, CreditKind, PeriodCredits } from '../../domain/credits';
import type { StoreScope } from './open-store';
import { type CREDIT_MOVES, storeCreditLedger, storeCredits } from './schema';

// The credit balance in the user's own store. The object runs one call at a time, so a charge is
// read, computed with the rules of domain/credits.ts and written in one transaction with no race:
// the rules are the implementation here, not a copy of them in SQL.

export type CreditMove = (typeof CREDIT_MOVES)[number];

export interface CreditDelta {
  defaultDelta: number;
  paidDelta: number;
}

export function readBalance(store: StoreScope, kind: CreditKind): CreditBalance {
  const row = store.select().from(storeCredits).where(eq(storeCredits.kind, kind)).get();
  return { defaultCredits: row?.defaultCredits ?? 0, paidCredits: row?.paidCredits ?? 0 };
}

/**
 * Moves credits of one kind and writes the movement, with the balance it leaves, to the ledger.
 * A movement that would take a bucket below zero fails (the table's CHECK), writing nothing.
 */
export function moveCredits(
  store: StoreScope,
  kind: CreditKind,
  move: CreditMove,
  delta: CreditDelta,
  at: number,
  faxId: string | null = null,
): CreditBalance {
  const before = readBalance(store, kind);
  const after = { defaultCredits: before.defaultCredits + delta.defaultDelta, paidCredits: before.paidCredits + delta.paidDelta };
  store
    .insert(storeCredits)
    .values({ kind, ...after })
    .onConflictDoUpdate({ target: storeCredits.kind, set: after })
    .run();
  store
    .insert(storeCreditLedger)
    .values({ at, kind, move, faxId, ...delta, defaultAfter: after.defaultCredits, paidAfter: after.paidCredits })
    .run();
  return after;
}

/**
 * A period starts (plan start or renewal, the free pages of a new user) or ends: the default
 * credits of each kind become the period's (periodCredits() / NO_PERIOD_CREDITS); paid ones stay.
 */
export function setPeriodCredits(store: StoreScope, period: PeriodCredits, at: number): void {
  const targets: Record<CreditKind, number> = { send: period.defaultCreditsSend, receive: period.defaultCreditsReceive };
  for (const kind of ['send', 'receive'] as const) {
    const change = targets[kind] - readBalance(store, kind).defaultCredits;
    if (change !== 0) moveCredits(store, kind, change > 0 ? 'GRANT' : 'EXPIRE', { defaultDelta: change, paidDelta: 0 }, at);
  }
}

/** The ledger of one kind, oldest first. */
export function listCreditMoves(store: StoreScope, kind: CreditKind) {
  return store.select().from(storeCreditLedger).where(eq(storeCreditLedger.kind, kind)).orderBy(storeCreditLedger.id).all();
}
