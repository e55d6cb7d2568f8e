import type { FaxDirection, FaxStatus, FaxView } from './faxes';
import { toNumberSearch } from './phone';
import type { NumberSearch } from './phone-text';

// History search (decision 027), shared by the page and the Worker: what each filter means,
// so the server's query and the page's check of a live update agree on which faxes match.

/** Longest text the history search takes: a number as typed, a contact's name. */
export const FAX_SEARCH_NUMBER_MAX = 40;
export const FAX_SEARCH_NAME_MAX = 100;

/** The statuses a person filters by: what the list shows, not every status a fax passes through. */
export const FAX_STATUS_FILTERS = ['delivered', 'failed', 'sending', 'received', 'receiving'] as const;
export type FaxStatusFilter = (typeof FAX_STATUS_FILTERS)[number];

const STATUS_FILTERS_OF: Record<FaxDirection, readonly FaxStatusFilter[]> = {
  SEND: ['delivered', 'failed', 'sending'],
  RECEIVE: ['received', 'failed', 'receiving'],
};

/** "On its way" is a sent fax queued or being sent; "arriving" is a received one still coming in. */
const STATUSES_OF: Record<FaxStatusFilter, FaxStatus[]> = {
  delivered: ['DELIVERED'],
  failed: ['FAILED'],
  sending: ['QUEUED', 'SENDING'],
  received: ['RECEIVED'],
  receiving: ['RECEIVING'],
};

export function statusFiltersOf(direction: FaxDirection): readonly FaxStatusFilter[] {
  return STATUS_FILTERS_OF[direction];
}

/** The filters of one history list as the API takes them (GET /api/faxes), every one optional. */
export interface FaxFilterQuery {
  number?: string;
  name?: string;
  status?: FaxStatusFilter;
  unread?: 'true' | 'false';
  /** Calendar days, YYYY-MM-DD, both included, in the time zone `tz` (UTC when absent). */
  from?: string;
  to?: string;
  tz?: string;
}

/** The filters resolved into what the store compares: a plain object, so it crosses to the user's object. */
export interface FaxSearch {
  number: NumberSearch | null;
  /** A contact's name: faxes with a number of a contact so named (the phonebook answers which). */
  contactName: string | null;
  statuses: FaxStatus[] | null;
  /** Received, arrived and not read: what the unread count counts. */
  unread: boolean;
  /** `start` from this instant (included) and before this one (excluded). */
  startFrom: number | null;
  startBefore: number | null;
}

export const NO_FAX_SEARCH: FaxSearch = {
  number: null,
  contactName: null,
  statuses: null,
  unread: false,
  startFrom: null,
  startBefore: null,
};

export function isUnfiltered(search: FaxSearch): boolean {
  return (
    search.number === null &&
    search.contactName === null &&
    search.statuses === null &&
    !search.unread &&
    search.startFrom === null &&
    search.startBefore === null
  );
}

// ---- Days. A day filter means the days as the person sees them: the page sends its own time zone
// ---- (tz), and a day runs from its first instant there to the next day's first instant.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function dayParts(day: string): [number, number, number] | null {
  const match = DAY.exec(day);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** True for a real day of the calendar written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const parts = dayParts(text);
  if (!parts) return false;
  const [year, month, date] = parts;
  const day = new Date(Date.UTC(year, month - 1, date));
  return day.getUTCFullYear() === year && day.getUTCMonth() === month - 1 && day.getUTCDate() === date;
}

// Making a formatter is the slow part; there are a few hundred zones at most, so each is kept.
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    const fields = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;
    clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...fields });
    wallClocks.set(timeZone, clock);
  }
  return clock;
}

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = wallClockOf(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of a day (YYYY-MM-DD) in a time zone: its midnight; the earlier one when the
 * clocks go back over midnight; the moment the clocks jump when they skip midnight (Santiago).
 */
export function dayStart(day: string, timeZone: string): number {
  const [year, month, date] = dayParts(day) ?? [1970, 1, 1];
  const wallMidnight = Date.UTC(year, month - 1, date);
  // A zone changes its offset at most once in two days, so the offsets a day before and after are
  // the only ones midnight can have.
  const before = wallMidnight - zoneOffset(wallMidnight - DAY_MS, timeZone);
  const after = wallMidnight - zoneOffset(wallMidnight + DAY_MS, timeZone);
  const real = [before, after].filter((instant) => instant + zoneOffset(instant, timeZone) === wallMidnight);
  return real.length > 0 ? Math.min(...real) : before;
}

/** The day after `day`, YYYY-MM-DD. */
export function nextDay(day: string): string {
  const [year, month, date] = dayParts(day) ?? [1970, 1, 1];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The filters of a validated query, resolved: numbers to E.164 or digits, days to instants. */
export function toFaxSearch(query: FaxFilterQuery): FaxSearch {
  return resolveFaxSearch(query, toNumberSearch);
}

/**
 * toFaxSearch with the reading of numbers given: the page passes its own (src/lib/phone-parser.ts),
 * so the list pages load the phone library only once someone searches by number.
 */
export function resolveFaxSearch(query: FaxFilterQuery, readNumber: (typed: string) => NumberSearch | null): FaxSearch {
  const tz = query.tz ?? 'UTC';
  return {
    number: query.number ? readNumber(query.number) : null,
    contactName: query.name?.trim() || null,
    statuses: query.status ? STATUSES_OF[query.status] : null,
    unread: query.unread === 'true',
    startFrom: query.from ? dayStart(query.from, tz) : null,
    startBefore: query.to ? dayStart(nextDay(query.to), tz) : null,
  };
}

/**
 * Whether a fax (of the list's direction, not in the trash) is one the search finds. Null when
 * only the phonebook can tell (a contact name), which is known on the server alone.
 */
export function faxMatchesSearch(fax: FaxView, search: FaxSearch): boolean | null {
  const number = search.number;
  if (number) {
    if (!fax.remoteNumber) return false;
    if (number.kind === 'exact' ? fax.remoteNumber !== number.e164 : !fax.remoteNumber.includes(number.digits)) return false;
  }
  if (search.statuses && !search.statuses.includes(fax.status)) return false;
  if (search.unread && (fax.read || fax.status === 'RECEIVING')) return false;
  if (search.startFrom !== null && fax.start < search.startFrom) return false;
  if (search.startBefore !== null && fax.start >= search.startBefore) return false;
  return search.contactName === null ? true : null;
}
