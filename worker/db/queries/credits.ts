import type { CreditKind, RefundSplit } from '../../domain/credits';

// The credit rules of domain/credits.ts written as SQL, once: sending, receiving and refunds build
// their D1 batches from these pieces, and grants set the columns through periodCredits(). A charge
// is computed inside the statement that stores it (never from a balance read earlier), so two
// charges at once each see the other's result.

const COLUMNS = {
  send: { default: 'default_credits_send', paid: 'paid_credits_send', lifetime: 'lifetime_send_count' },
  receive: { default: 'default_credits_receive', paid: 'paid_credits_receive', lifetime: 'lifetime_receive_count' },
} as const;

/** A condition a statement runs under (the fax exists, is still receiving, still has its version). */
export interface Condition {
  sql: string;
  binds: unknown[];
}

/**
 * splitCharge() over the users row aliased `u`: the expressions of the default and paid parts of
 * a charge of `pages` (an SQL expression, usually a parameter like `?3`).
 */
export function chargeSplitSql(kind: CreditKind, pages: string): { fromDefault: string; fromPaid: string } {
  const fromDefault = `min(${pages}, max(0, u.${COLUMNS[kind].default}))`;
  return { fromDefault, fromPaid: `min(${pages} - ${fromDefault}, max(0, u.${COLUMNS[kind].paid}))` };
}

/** The balance condition of a send: both buckets together cover `pages`. */
export function coversSql(kind: CreditKind, pages: string): string {
  return `u.${COLUMNS[kind].default} + u.${COLUMNS[kind].paid} >= ${pages}`;
}

/**
 * Takes the charge a fax row records (charged_default, charged_paid) from its owner's balance and
 * counts the fax in the lifetime total, when `condition` holds.
 */
export function takeFaxCharge(d1: D1Database, kind: CreditKind, faxId: string, userId: string, condition: Condition): D1PreparedStatement {
  const c = COLUMNS[kind];
  return d1
    .prepare(
      `UPDATE users SET
         ${c.default} = ${c.default} - (SELECT charged_default FROM faxes WHERE id = ?),
         ${c.paid} = ${c.paid} - (SELECT charged_paid FROM faxes WHERE id = ?),
         ${c.lifetime} = ${c.lifetime} + 1
       WHERE id = ? AND ${condition.sql}`,
    )
    .bind(faxId, faxId, userId, ...condition.binds);
}

/** Gives a sent fax's refund back to its owner's buckets (splitRefund()), when `condition` holds. */
export function returnSendCredits(d1: D1Database, userId: string, refund: RefundSplit, condition: Condition): D1PreparedStatement {
  const c = COLUMNS.send;
  return d1
    .prepare(`UPDATE users SET ${c.paid} = ${c.paid} + ?, ${c.default} = ${c.default} + ? WHERE id = ? AND ${condition.sql}`)
    .bind(refund.toPaid, refund.toDefault, userId, ...condition.binds);
}
