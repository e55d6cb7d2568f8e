import { and, count, eq, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import type { FaxDirection } from '../../../src/common/faxes';
import { type FaxSearch, isUnfiltered } from '../../../src/common/fax-search';
import { readFaxCounters } from './fax-counters';
import { type FaxPosition, historyOf, listStoreFaxPositionsWhere, listStoreFaxesWhere } from './faxes';
import { numbersOfContactsNamed } from './contacts';
import type { StoreScope } from './open-store';
import { type StoreFaxRow, storeFaxes, storeRemoteNumbers } from './schema';

// History search in the user's store (issue 14, point 2): the filters of src/common/fax-search.ts
// as SQL conditions on the faxes of one direction outside the trash, one page of what they find and
// how many they find. Every filter is a condition an index can serve (docs/decisions/027): a status
// and a set of numbers (a whole number, the numbers holding some digits, a contact's numbers) seek
// faxes_status_idx and faxes_number_idx; days are a range of `start` on faxes_list_idx.

/** Up to this many numbers are sought one by one on their index; more are matched along the history. */
const NUMBERS_SOUGHT_MAX = 50;

/**
 * The numbers faxed in this direction that hold `digits`, from the store's list of distinct
 * numbers (remote_numbers, kept by triggers), so a user with 100,000 faxes to 2,000 numbers looks
 * through 2,000 short rows, not 100,000 faxes. Null when too many hold the digits: then going
 * along the history with the digits is cheaper. A number whose faxes are all in the trash is
 * still listed; seeking it finds nothing in the history.
 */
function numbersHolding(store: StoreScope, direction: FaxDirection, digits: string): string[] | null {
  const n = storeRemoteNumbers;
  const holding = store
    .select({ number: n.number })
    .from(n)
    .where(and(eq(n.direction, direction), sql`instr(${n.number}, ${digits}) > 0`))
    .limit(NUMBERS_SOUGHT_MAX + 1)
    .all()
    .map((row) => row.number);
  return holding.length <= NUMBERS_SOUGHT_MAX ? holding : null;
}

/**
 * A search as the store runs it: the conditions, and the numbers the faxes must have (a whole
 * number, the numbers holding some digits, a contact's numbers), each sought on its own range of
 * faxes_number_idx; null when any number will do.
 */
interface StoreSearch {
  where: SQL;
  numbers: string[] | null;
}

function toStoreSearch(store: StoreScope, direction: FaxDirection, search: FaxSearch): StoreSearch {
  const f = storeFaxes;
  const conditions: SQL[] = [historyOf(direction)];
  // Each number filter is a set of numbers; a fax must have a number in all of them.
  const numberSets: string[][] = [];
  if (search.number?.kind === 'exact') numberSets.push([search.number.e164]);
  if (search.number?.kind === 'digits') {
    const holding = numbersHolding(store, direction, search.number.digits);
    // Digits only (toNumberSearch keeps nothing else), so the pattern has no wildcard of its own.
    if (holding) numberSets.push(holding);
    else conditions.push(like(f.remoteNumber, `%${search.number.digits}%`));
  }
  if (search.contactName !== null) numberSets.push(numbersOfContactsNamed(store, search.contactName));
  if (search.statuses) conditions.push(inArray(f.status, search.statuses));
  // What the unread counter counts: arrived (not still arriving) and not read.
  if (search.unread) conditions.push(eq(f.read, false), ne(f.status, 'RECEIVING'));
  if (search.startFrom !== null) conditions.push(sql`${f.start} >= ${search.startFrom}`);
  if (search.startBefore !== null) conditions.push(sql`${f.start} < ${search.startBefore}`);
  const numbers = numberSets.length === 0 ? null : numberSets.reduce((all, set) => all.filter((number) => set.includes(number)));
  // Past a few numbers (a name many contacts share), one query over all of them is cheaper.
  if (numbers !== null && numbers.length > NUMBERS_SOUGHT_MAX) {
    return { where: and(...conditions, inArray(f.remoteNumber, numbers))!, numbers: null };
  }
  return { where: and(...conditions)!, numbers };
}

function newestFirst(a: FaxPosition, b: FaxPosition): number {
  return b.start - a.start || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
}

/**
 * One page of what the search finds. With numbers, each number's faxes are one range of
 * faxes_number_idx in (start, id) order, so the page is the newest of each number's own page: at
 * most `limit` index entries read per number at any depth (their positions only, which the index
 * holds), then the page's own rows by id — where one query over all of them would read and sort
 * every fax they have, or walk the whole history to find them.
 */
function pageOf(store: StoreScope, search: StoreSearch, after: FaxPosition | null, limit: number): StoreFaxRow[] {
  if (search.numbers === null) return listStoreFaxesWhere(store, search.where, after, limit);
  // One number is one range of the index: its page is read straight.
  if (search.numbers.length === 1) {
    return listStoreFaxesWhere(store, and(search.where, eq(storeFaxes.remoteNumber, search.numbers[0]!))!, after, limit);
  }
  const page = search.numbers
    .flatMap((number) => listStoreFaxPositionsWhere(store, and(search.where, eq(storeFaxes.remoteNumber, number))!, after, limit))
    .sort(newestFirst)
    .slice(0, limit);
  if (page.length === 0) return [];
  return store
    .select()
    .from(storeFaxes)
    .where(
      inArray(
        storeFaxes.id,
        page.map((position) => position.id),
      ),
    )
    .all()
    .sort(newestFirst);
}

function countOf(store: StoreScope, search: StoreSearch): number {
  const where = search.numbers === null ? search.where : and(search.where, inArray(storeFaxes.remoteNumber, search.numbers));
  return store.select({ n: count() }).from(storeFaxes).where(where).get()?.n ?? 0;
}

/** True when the counters already hold the total: no filter, or the inbox's unread alone. */
function countedByCounters(direction: FaxDirection, search: FaxSearch): 'total' | 'unread' | null {
  if (isUnfiltered(search)) return 'total';
  if (direction === 'RECEIVE' && search.unread && isUnfiltered({ ...search, unread: false })) return 'unread';
  return null;
}

/**
 * One page (keyset after `after`) of the faxes of one direction `search` finds, and how many it
 * finds: the counters when they tell (one row, whatever the history's size), else a count the
 * search's index answers without reading the faxes themselves.
 */
export function searchStoreFaxes(
  store: StoreScope,
  direction: FaxDirection,
  after: FaxPosition | null,
  limit: number,
  search: FaxSearch,
): { rows: StoreFaxRow[]; total: number } {
  const resolved = toStoreSearch(store, direction, search);
  if (resolved.numbers?.length === 0) return { rows: [], total: 0 };
  const rows = pageOf(store, resolved, after, limit);
  const counted = countedByCounters(direction, search);
  return { rows, total: counted ? readFaxCounters(store, direction)[counted] : countOf(store, resolved) };
}
