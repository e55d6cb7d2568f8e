import {
  FAX_SEARCH_NAME_MAX,
  FAX_SEARCH_NUMBER_MAX,
  type FaxFilterQuery,
  type FaxSearch,
  type FaxStatusFilter,
  isCalendarDay,
  resolveFaxSearch,
  statusFiltersOf,
} from '../common/fax-search';
import type { FaxDirection, FaxView } from '../common/faxes';
import { typedNumberDigits } from '../common/phone-text';
import { runtimeTimeZone } from '../common/time-zone';
import { numberSearchNow } from '../lib/phone-parser';

// The filters of a history page (/sent, /inbox) as the page holds them and as its address keeps
// them (?q=&status=&unread=&from=&to=), so a reload or a shared link shows the same list. Days are
// the viewer's own: the page sends its time zone with them (docs/decisions/027).

export interface FaxListFilters {
  /** A number in any form or part of one, or a contact's name, as typed. */
  text: string;
  status: FaxStatusFilter | '';
  /** Inbox only. */
  unread: boolean;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
}

export const NO_FILTERS: FaxListFilters = { text: '', status: '', unread: false, from: '', to: '' };

/** The longest text the search box takes: a contact's name. */
export const FILTER_TEXT_MAX = FAX_SEARCH_NAME_MAX;

export function hasFilters(filters: FaxListFilters): boolean {
  return filters.text.trim() !== '' || filters.status !== '' || filters.unread || filters.from !== '' || filters.to !== '';
}

export function sameFilters(a: FaxListFilters, b: FaxListFilters): boolean {
  return a.text === b.text && a.status === b.status && a.unread === b.unread && a.from === b.from && a.to === b.to;
}

/** The filters a page address holds; what does not make sense for this list is left out, not refused. */
export function filtersFromUrl(search: string, direction: FaxDirection): FaxListFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  const day = (name: string): string => {
    const value = params.get(name) ?? '';
    return isCalendarDay(value) ? value : '';
  };
  return {
    text: (params.get('q') ?? '').slice(0, FILTER_TEXT_MAX),
    status: (statusFiltersOf(direction) as readonly string[]).includes(status) ? (status as FaxStatusFilter) : '',
    unread: direction === 'RECEIVE' && params.get('unread') === 'true',
    from: day('from'),
    to: day('to'),
  };
}

/** The page address's query for these filters: '' with none, so a plain /sent stays plain. */
export function filtersToUrl(filters: FaxListFilters): string {
  const params = new URLSearchParams();
  if (filters.text.trim()) params.set('q', filters.text.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.unread) params.set('unread', 'true');
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The API's filters (GET /api/faxes): the text is a number when it reads as one (digits and the
 * signs people type in numbers), else a contact's name; days picked the wrong way round are taken
 * as the range between them.
 */
export function apiFiltersOf(filters: FaxListFilters, timeZone: string): FaxFilterQuery {
  const query: FaxFilterQuery = {};
  const text = filters.text.trim();
  if (text && text.length <= FAX_SEARCH_NUMBER_MAX && typedNumberDigits(text) !== null) query.number = text;
  else if (text) query.name = text.slice(0, FAX_SEARCH_NAME_MAX);
  if (filters.status) query.status = filters.status;
  if (filters.unread) query.unread = 'true';
  const [from, to] = filters.from && filters.to && filters.to < filters.from ? [filters.to, filters.from] : [filters.from, filters.to];
  if (from) query.from = from;
  if (to) query.to = to;
  if (from || to) query.tz = timeZone;
  return query;
}

export function searchOf(filters: FaxListFilters, timeZone: string): FaxSearch {
  return resolveFaxSearch(apiFiltersOf(filters, timeZone), numberSearchNow);
}

/** The time zone the viewer's days are in: the browser's, the one the list's dates are shown in once hydrated. */
export function viewerTimeZone(): string {
  return runtimeTimeZone();
}

export interface FaxListRows {
  faxes: FaxView[];
  nextCursor: string | null;
  total: number;
}

function byStartDesc(a: FaxView, b: FaxView): number {
  return b.start - a.start || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
}

/**
 * A filtered list with a pushed fax in it (`matches`: whether the search finds it now, null when
 * only the server can tell). A fax that stops matching leaves the list, one that starts matching
 * joins it at its place by date, and a non-matching fax never enters. Where the list cannot tell
 * what its total became (a fax on a page not loaded yet, or a contact name), it asks for `recheck`:
 * the first page read again, with its total.
 */
export function withFilteredFaxUpdate(
  list: FaxListRows,
  fax: FaxView,
  matches: boolean | null,
): { list: FaxListRows | null; recheck: boolean } {
  const index = list.faxes.findIndex((row) => row.id === fax.id);
  if (index >= 0) {
    if (list.faxes[index]!.updated > fax.updated) return { list: null, recheck: false };
    if (matches === false) {
      return {
        list: { ...list, faxes: list.faxes.filter((row) => row.id !== fax.id), total: Math.max(0, list.total - 1) },
        recheck: false,
      };
    }
    // Still found (a contact name depends on the number alone, which a fax never changes).
    const faxes = list.faxes.slice();
    faxes[index] = fax;
    return { list: { ...list, faxes }, recheck: false };
  }
  const oldest = list.faxes.at(-1);
  const onLaterPage = oldest !== undefined && list.nextCursor !== null && byStartDesc(fax, oldest) > 0;
  // Before, it may or may not have been counted: the server knows.
  if (onLaterPage) return { list: null, recheck: true };
  if (matches === false) return { list: null, recheck: false };
  if (matches === null) return { list: null, recheck: true };
  return { list: { ...list, faxes: [...list.faxes, fax].sort(byStartDesc), total: list.total + 1 }, recheck: false };
}
