import { describe, expect, it } from 'vitest';
import { ledgerEntryOf, ledgerPeriodOf, sumLedgerEntries } from '../../worker/domain/ledger-totals';

// The anonymised ledger's arithmetic (decision 042): what one ended fax adds, and totals per
// period, direction and status.

const ended = {
  direction: 'SEND' as const,
  status: 'DELIVERED' as const,
  pageCount: 3,
  chargedDefault: 1,
  chargedPaid: 2,
  refunded: 1,
  start: Date.UTC(2026, 10, 30, 23, 50),
  completed: Date.UTC(2026, 11, 1, 0, 5),
};

describe('the ledger', () => {
  it.each([
    [Date.UTC(2026, 0, 1), '2026-01'],
    [Date.UTC(2026, 11, 31, 23, 59, 59), '2026-12'],
  ])('puts a fax that ended at %i in the UTC month %s', (at, period) => {
    expect(ledgerPeriodOf(at)).toBe(period);
  });

  it('counts a fax in the month it ended, its credits from both buckets', () => {
    expect(ledgerEntryOf(ended)).toEqual({ period: '2026-12', direction: 'SEND', status: 'DELIVERED', pages: 3, charged: 3, refunded: 1 });
    expect(ledgerEntryOf({ ...ended, completed: null }).period).toBe('2026-11');
  });

  it('sums entries per period, direction and status', () => {
    const entry = ledgerEntryOf(ended);
    const failed = { ...entry, status: 'FAILED' as const, refunded: 3 };
    expect(sumLedgerEntries([entry, failed, entry])).toEqual([
      { ...entry, faxes: 2, pages: 6, charged: 6, refunded: 2 },
      { ...failed, faxes: 1 },
    ]);
    expect(sumLedgerEntries([])).toEqual([]);
  });
});
