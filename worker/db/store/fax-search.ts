import { and, count, eq, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type FaxSearch, isUnfiltered } from '../../../src/common/fax-search';
import type { FaxDirection } from '../../../src/common/faxes';
import { numbersOfContactsNamed } from './contacts';
import { readFaxCounters } from './fax-counters';
import { type FaxPosition, historyOf, listStoreFaxes, listStoreFaxesWhere, listStoreFaxPositionsWhere, pastPosition } from './faxes';
import type { StoreScope } from './open-store';
import { type StoreFaxRow, storeFaxes, storeRemoteNumbers } from './schema';

// History search in the user's store (decision 027): the filters of src/common/fax-search.ts
// as SQL conditions on the faxes of one direction outside the trash, one page of what they find and
// how many they find (docs/decisions/027). The number filters (a whole number, some digits of one,
// a contact's name) are first looked up among the history's distinct numbers (remote_numbers), which
// also say how many faxes each has; the faxes of those numbers are then sought on faxes_number_idx.
// A status seeks faxes_status_idx; days are a range of `start` on the index in use.

/** Up to this many numbers are sought by number; more are matched along the history. */
const NUMBERS_SOUGHT_MAX = 50;

/**
 * Reading this many index entries costs about what one more statement does (the history bench in
 * docs/decisions/027). A page of several numbers is one statement reading all their faxes' entries
 * while they have fewer than this many per number, else one statement per number reading only its
 * own page, so the page costs the same however many faxes a number has.
 */
const ENTRIES_PER_STATEMENT = 1_000;

/**
 * `column` is one of `values`, passed as one JSON parameter: a statement binds at most 100 values
 * in a Durable Object, and a name many contacts share has up to MAX_CONTACTS numbers.
 */
function isOneOf(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/**
 * The faxes read through faxes_number_idx, for a set of numbers. Named, because without table
 * statistics SQLite would rather walk the list in order (faxes_list_idx) testing each fax's number,
 * which reads the history back to the page's oldest match: 6,200 rows for 500 faxes in 100,000.
 */
const faxesByNumber = sql`${storeFaxes} INDEXED BY faxes_number_idx`;

/** A number of the history and how many of its faxes in this direction are there. */
interface HistoryNumber {
  number: string;
  faxes: number;
}

/** The search's number filters as conditions on a column of numbers: remote_numbers' or the faxes'. */
function numberFilters(search: FaxSearch, contactNumbers: string[] | null, column: SQLWrapper): SQL[] {
  const filters: SQL[] = [];
  if (search.number?.kind === 'exact') filters.push(sql`${column} = ${search.number.e164}`);
  if (search.number?.kind === 'digits') filters.push(sql`instr(${column}, ${search.number.digits}) > 0`);
  if (contactNumbers !== null) filters.push(isOneOf(column, contactNumbers));
  return filters;
}

/**
 * The history's numbers in this direction that pass `filters`, with their faxes, from
 * remote_numbers: a user with 100,000 faxes to 2,000 numbers looks through 2,000 short rows, not
 * 100,000 faxes. Null when more than NUMBERS_SOUGHT_MAX pass: then going along the history is cheaper.
 */
function historyNumbers(store: StoreScope, direction: FaxDirection, filters: SQL[]): HistoryNumber[] | null {
  const n = storeRemoteNumbers;
  const found = store
    .select({ number: n.number, faxes: n.faxes })
    .from(n)
    .where(and(eq(n.direction, direction), ...filters))
    .limit(NUMBERS_SOUGHT_MAX + 1)
    .all();
  return found.length <= NUMBERS_SOUGHT_MAX ? found : null;
}

/**
 * A search as the store runs it: the conditions on the faxes, and the numbers they must have with
 * how many faxes each has (null when any number will do, or when too many numbers match to seek
 * them one by one); `byNumberAlone` when the numbers are the only filter, so their faxes are the total.
 */
interface StoreSearch {
  where: SQL;
  numbers: HistoryNumber[] | null;
  byNumberAlone: boolean;
}

function toStoreSearch(store: StoreScope, direction: FaxDirection, search: FaxSearch, livemode: boolean): StoreSearch {
  const f = storeFaxes;
  const conditions: SQL[] = [historyOf(direction, livemode)];
  if (search.statuses) conditions.push(inArray(f.status, search.statuses));
  // What the unread counter counts: arrived (not still arriving) and not read.
  if (search.unread) conditions.push(eq(f.read, false), ne(f.status, 'RECEIVING'));
  if (search.startFrom !== null) conditions.push(sql`${f.start} >= ${search.startFrom}`);
  if (search.startBefore !== null) conditions.push(sql`${f.start} < ${search.startBefore}`);
  const byNumberAlone = conditions.length === 1;
  const where = and(...conditions)!;
  const contactNumbers = search.contactName === null ? null : numbersOfContactsNamed(store, search.contactName);
  if (search.number === null && contactNumbers === null) return { where, numbers: null, byNumberAlone: false };
  // remote_numbers holds the history's numbers, live faxes only (decision 048): the sandbox's are
  // found on the faxes themselves (at most 100 a day, wiped at will).
  const numbers = livemode ? historyNumbers(store, direction, numberFilters(search, contactNumbers, storeRemoteNumbers.number)) : null;
  if (numbers === null)
    return { where: and(where, ...numberFilters(search, contactNumbers, f.remoteNumber))!, numbers: null, byNumberAlone: false };
  return { where, numbers, byNumberAlone };
}

function newestFirst(a: FaxPosition, b: FaxPosition): number {
  return b.start - a.start || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
}

/** The rows of these faxes (a page of them), newest first: sorted here, as an ORDER BY would read a third more rows. */
function listStoreFaxesAmong(store: StoreScope, ids: string[] | SQL): StoreFaxRow[] {
  const f = storeFaxes;
  return store
    .select()
    .from(f)
    .where(Array.isArray(ids) ? inArray(f.id, ids) : sql`${f.id} IN (${ids})`)
    .all()
    .sort(newestFirst);
}

/**
 * One page of what the search finds. With numbers, each number's faxes are one range of
 * faxes_number_idx in (start, id) order. While the numbers have few faxes, one statement reads the
 * index entries of all of them and takes the page's newest; with many, the page is the newest of
 * each number's own page: at most `limit` index entries read per number at any depth, then the
 * page's own rows by id.
 */
function pageOf(store: StoreScope, search: StoreSearch, after: FaxPosition | null, limit: number): StoreFaxRow[] {
  const f = storeFaxes;
  if (search.numbers === null) return listStoreFaxesWhere(store, search.where, after, limit);
  const numbers = search.numbers.map((one) => one.number);
  // One number is one range of the index: its page is read straight.
  if (numbers.length === 1) return listStoreFaxesWhere(store, and(search.where, eq(f.remoteNumber, numbers[0]!))!, after, limit);
  if (faxesOf(search.numbers) <= ENTRIES_PER_STATEMENT * numbers.length) {
    const where = pastPosition(and(search.where, isOneOf(f.remoteNumber, numbers))!, after);
    const ids = sql`SELECT ${f.id} FROM ${faxesByNumber} WHERE ${where} ORDER BY ${f.start} DESC, ${f.id} DESC LIMIT ${limit}`;
    return listStoreFaxesAmong(store, ids);
  }
  const page = numbers
    .flatMap((number) => listStoreFaxPositionsWhere(store, and(search.where, eq(f.remoteNumber, number))!, after, limit))
    .sort(newestFirst)
    .slice(0, limit);
  return page.length === 0
    ? []
    : listStoreFaxesAmong(
        store,
        page.map((position) => position.id),
      );
}

function faxesOf(numbers: HistoryNumber[]): number {
  return numbers.reduce((sum, one) => sum + one.faxes, 0);
}

/** How many faxes the search finds: its numbers' faxes when they are its only filter, else a count the search's index answers. */
function totalOf(store: StoreScope, search: StoreSearch): number {
  if (search.numbers !== null && search.byNumberAlone) return faxesOf(search.numbers);
  const counted = store.select({ n: count() });
  if (search.numbers === null) return counted.from(storeFaxes).where(search.where).get()?.n ?? 0;
  const numbers = search.numbers.map((one) => one.number);
  return (
    counted
      .from(faxesByNumber)
      .where(and(search.where, isOneOf(storeFaxes.remoteNumber, numbers)))
      .get()?.n ?? 0
  );
}

/** True when the counters already hold the total: no filter, or the inbox's unread alone. */
function countedByCounters(direction: FaxDirection, search: FaxSearch): 'total' | 'unread' | null {
  if (isUnfiltered(search)) return 'total';
  if (direction === 'RECEIVE' && search.unread && isUnfiltered({ ...search, unread: false })) return 'unread';
  return null;
}

/**
 * One page (keyset after `after`) of the faxes of one direction `search` finds, and how many it
 * finds: the counters or the numbers' own counts when they tell (a few rows, whatever the
 * history's size), else a count the search's index answers.
 */
export function searchStoreFaxes(
  store: StoreScope,
  direction: FaxDirection,
  after: FaxPosition | null,
  limit: number,
  search: FaxSearch,
  livemode = true,
): { rows: StoreFaxRow[]; total: number } {
  // The plain history, every list's first read, is one statement built once.
  if (livemode && isUnfiltered(search)) {
    return { rows: listStoreFaxes(store, direction, after, limit), total: readFaxCounters(store, direction).total };
  }
  const resolved = toStoreSearch(store, direction, search, livemode);
  if (resolved.numbers?.length === 0) return { rows: [], total: 0 };
  const rows = pageOf(store, resolved, after, limit);
  // The counters count live faxes only.
  const counted = livemode ? countedByCounters(direction, search) : null;
  return { rows, total: counted ? readFaxCounters(store, direction)[counted] : totalOf(store, resolved) };
}
