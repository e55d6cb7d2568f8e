// The 100,000-fax history the history benchmark searches (tests/bench/history-search.mjs), shared
// by its two halves: the one that times the product's answers and the one that counts the rows the
// store reads. A sent fax a minute, going back in time; 2,000 numbers faxed in turn; one in ten failed.

export const HISTORY = 100_000;
const NUMBERS = 2_000;
const DAY = 86_400_000;

/** Fax `i` (0 is the newest) of a history whose newest fax started at `newest`. */
export function benchFax(i, newest) {
  return {
    id: `bench-${String(i).padStart(6, '0')}`,
    remoteNumber: `+1212555${String(i % NUMBERS).padStart(4, '0')}`,
    status: i % 10 === 3 ? 'FAILED' : 'DELIVERED',
    start: newest - (i + 1) * 60_000,
  };
}

const dayOf = (instant) => new Date(instant).toISOString().slice(0, 10);

/** The searches measured, as GET /api/faxes query strings (days in UTC, the bench's zone). */
export function benchSearches(newest) {
  const week = { from: dayOf(newest - 30 * DAY), to: dayOf(newest - 24 * DAY), tz: 'UTC' };
  return [
    { label: 'number, whole: (212) 555-0123', query: { number: '(212) 555-0123' } },
    { label: 'number, part: 555012', query: { number: '555012' } },
    { label: 'status: failed', query: { status: 'failed' } },
    { label: 'days: one week', query: week },
    { label: 'all three: 555012, failed, the week', query: { number: '555012', status: 'failed', ...week } },
  ];
}

/** Where the last page of a list of `total` faxes begins: after row `total - onLastPage - 1`, newest first. */
export function lastPageStartsAfter(total) {
  const onLastPage = (total - 30) % 20 || 20;
  return total - onLastPage - 1;
}
