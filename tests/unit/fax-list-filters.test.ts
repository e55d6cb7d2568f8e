import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import {
  apiFiltersOf,
  type FaxListRows,
  filtersFromUrl,
  filtersToUrl,
  hasFilters,
  NO_FILTERS,
  withFilteredFaxUpdate,
} from '../../src/stores/fax-list-filters';

// The filters of /sent and /inbox as the page keeps them in its address and hands them to the API,
// and a live update of a filtered list (decision 027).

describe('the filters in the page address', () => {
  it('round-trips every filter, and leaves a page without filters plain', () => {
    const filters = { text: '555 0123', status: 'failed' as const, unread: true, from: '2026-11-01', to: '2026-11-30' };
    const url = filtersToUrl(filters);
    expect(url).toBe('?q=555+0123&status=failed&unread=true&from=2026-11-01&to=2026-11-30');
    expect(filtersFromUrl(url, 'RECEIVE')).toEqual(filters);
    expect(filtersToUrl(NO_FILTERS)).toBe('');
    expect(filtersFromUrl('', 'SEND')).toEqual(NO_FILTERS);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, text: '  ' })).toBe(false);
  });

  it('leaves out what does not fit the list instead of failing the page', () => {
    expect(filtersFromUrl('?status=received&unread=true&from=2026-02-30&to=soon', 'SEND')).toEqual(NO_FILTERS);
    expect(filtersFromUrl(`?q=${'x'.repeat(300)}`, 'SEND').text).toHaveLength(100);
  });
});

describe('the filters as the API takes them', () => {
  it.each([
    [{ text: '(212) 555-0123' }, { number: '(212) 555-0123' }],
    [{ text: ' 5550123 ' }, { number: '5550123' }],
    [{ text: 'Grace Hopper' }, { name: 'Grace Hopper' }],
    [{ text: '212 ext 5' }, { name: '212 ext 5' }],
    [{ status: 'sending' as const }, { status: 'sending' }],
    [{ unread: true }, { unread: 'true' }],
    [{ from: '2026-11-01' }, { from: '2026-11-01', tz: 'Europe/Paris' }],
    // Days picked the wrong way round mean the days between them.
    [
      { from: '2026-11-30', to: '2026-11-01' },
      { from: '2026-11-01', to: '2026-11-30', tz: 'Europe/Paris' },
    ],
  ])('%j → %j', (filters, query) => {
    expect(apiFiltersOf({ ...NO_FILTERS, ...filters }, 'Europe/Paris')).toEqual(query);
  });
});

describe('a live update of a filtered list', () => {
  const fax = (id: string, start: number, fields: Partial<FaxView> = {}): FaxView =>
    ({ id, start, updated: start, status: 'DELIVERED', direction: 'SEND', remoteNumber: '+12125550123', read: true, ...fields }) as FaxView;
  const list: FaxListRows = { faxes: [fax('c', 300), fax('b', 200)], nextCursor: 'more', total: 5 };

  it('keeps a loaded fax that still matches, in place', () => {
    const changed = fax('b', 200, { updated: 250, pagesSent: 2 });
    expect(withFilteredFaxUpdate(list, changed, true)).toEqual({ list: { ...list, faxes: [list.faxes[0], changed] }, recheck: false });
  });

  it('takes out a loaded fax that stops matching, and the total with it', () => {
    const changed = fax('b', 200, { updated: 250, status: 'FAILED' });
    expect(withFilteredFaxUpdate(list, changed, false)).toEqual({ list: { ...list, faxes: [list.faxes[0]], total: 4 }, recheck: false });
  });

  it('puts in a new fax that matches, never one that does not', () => {
    const fresh = fax('d', 400);
    expect(withFilteredFaxUpdate(list, fresh, true)).toEqual({
      list: { ...list, faxes: [fresh, ...list.faxes], total: 6 },
      recheck: false,
    });
    expect(withFilteredFaxUpdate(list, fresh, false)).toEqual({ list: null, recheck: false });
  });

  it('asks the server when it cannot tell: a contact name, or a fax on a page not loaded', () => {
    expect(withFilteredFaxUpdate(list, fax('d', 400), null)).toEqual({ list: null, recheck: true });
    expect(withFilteredFaxUpdate(list, fax('a', 100), true)).toEqual({ list: null, recheck: true });
    expect(withFilteredFaxUpdate(list, fax('a', 100), false)).toEqual({ list: null, recheck: true });
    // With every page loaded, an older fax has its place in the list.
    const whole = { ...list, nextCursor: null, total: 2 };
    expect(withFilteredFaxUpdate(whole, fax('a', 100), true).list?.faxes.map((f) => f.id)).toEqual(['c', 'b', 'a']);
  });

  it('never goes back to an older version of a fax', () => {
    expect(withFilteredFaxUpdate(list, fax('b', 200, { updated: 100 }), false)).toEqual({ list: null, recheck: false });
  });
});
