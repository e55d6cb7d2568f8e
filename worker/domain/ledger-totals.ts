import type { FaxDirection, FaxStatus } from '../../src/common/faxes';

// The anonymised billing record (decision 010, kept per period since decision 042): what one ended
// fax adds to its period's totals, and those additions summed per period, direction and status.
// No fax id, user, number or document: only counts, pages and credits.

export interface LedgerEntry {
  /** UTC month the fax ended in, `YYYY-MM`. */
  period: string;
  direction: FaxDirection;
  status: FaxStatus;
  pages: number;
  charged: number;
  refunded: number;
}

export interface LedgerTotal extends LedgerEntry {
  faxes: number;
}

interface EndedFax {
  direction: FaxDirection;
  status: FaxStatus;
  pageCount: number;
  chargedDefault: number;
  chargedPaid: number;
  refunded: number;
  start: number;
  completed: number | null;
}

export function ledgerPeriodOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

export function ledgerEntryOf(fax: EndedFax): LedgerEntry {
  return {
    period: ledgerPeriodOf(fax.completed ?? fax.start),
    direction: fax.direction,
    status: fax.status,
    pages: fax.pageCount,
    charged: fax.chargedDefault + fax.chargedPaid,
    refunded: fax.refunded,
  };
}

/** One total per period, direction and status, in a stable order. */
export function sumLedgerEntries(entries: readonly LedgerEntry[]): LedgerTotal[] {
  const totals = new Map<string, LedgerTotal>();
  for (const entry of entries) {
    const key = `${entry.period}|${entry.direction}|${entry.status}`;
    const total = totals.get(key) ?? { ...entry, faxes: 0, pages: 0, charged: 0, refunded: 0 };
    total.faxes += 1;
    total.pages += entry.pages;
    total.charged += entry.charged;
    total.refunded += entry.refunded;
    totals.set(key, total);
  }
  return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, total]) => total);
}
