import { and, count, eq, inArray, isNull, like, ne, type SQL, sql } from 'drizzle-orm';
import type { FaxDirection } from '../../../src/common/faxes';
import { type FaxSearch, isUnfiltered } from '../../../src/common/fax-search';
import { readFaxCounters } from './fax-counters';
import type { StoreScope } from './open-store';
import { storeFaxes } from './schema';

// History search in the user's store (issue 14, point 2): the filters of src/common/fax-search.ts
// as SQL conditions on the faxes of one direction outside the trash, and how many faxes match.
// Every filter is a condition an index can serve (docs/decisions/024): a status and a number (one,
// or a contact's several) seek faxes_status_idx and faxes_number_idx; days are a range of `start`
// on faxes_list_idx. Only digits within a number need every number of the history looked at.

/**
 * The numbers of the user's contacts whose name matches `name`, for a search by contact name.
 *
 * >>> PLUG IN THE PHONEBOOK HERE (issue 14, point 3). The contacts table lives in this same store;
 * >>> answer the E.164 numbers of the contacts the phonebook's name search finds. Until the
 * >>> phonebook exists no contact has any name, so a name search finds no fax.
 */
function numbersOfContactsNamed(_store: StoreScope, _name: string): string[] {
  return [];
}

/** The conditions a fax of `direction` in the history (not the trash) meets to be found by `search`. */
export function faxSearchConditions(store: StoreScope, direction: FaxDirection, search: FaxSearch): SQL {
  const f = storeFaxes;
  const conditions: Array<SQL | undefined> = [eq(f.direction, direction), isNull(f.trashedAt)];
  if (search.number?.kind === 'exact') conditions.push(eq(f.remoteNumber, search.number.e164));
  // Digits only (toNumberSearch keeps nothing else), so the pattern has no wildcard of its own.
  if (search.number?.kind === 'digits') conditions.push(like(f.remoteNumber, `%${search.number.digits}%`));
  if (search.contactName !== null) {
    const numbers = numbersOfContactsNamed(store, search.contactName);
    conditions.push(numbers.length > 0 ? inArray(f.remoteNumber, numbers) : sql`0`);
  }
  if (search.statuses) conditions.push(inArray(f.status, search.statuses));
  // What the unread counter counts: arrived (not still arriving) and not read.
  if (search.unread) conditions.push(eq(f.read, false), ne(f.status, 'RECEIVING'));
  if (search.startFrom !== null) conditions.push(sql`${f.start} >= ${search.startFrom}`);
  if (search.startBefore !== null) conditions.push(sql`${f.start} < ${search.startBefore}`);
  return and(...conditions)!;
}

/** True when the counters already hold the total: no filter, or the inbox's unread alone. */
function countedByCounters(direction: FaxDirection, search: FaxSearch): 'total' | 'unread' | null {
  if (isUnfiltered(search)) return 'total';
  if (direction === 'RECEIVE' && search.unread && isUnfiltered({ ...search, unread: false })) return 'unread';
  return null;
}

/**
 * How many faxes the search finds: the counters when they tell (one row, whatever the history's
 * size), else a count the search's index answers without reading the faxes themselves.
 */
export function countStoreFaxes(store: StoreScope, direction: FaxDirection, search: FaxSearch): number {
  const counted = countedByCounters(direction, search);
  if (counted) return readFaxCounters(store, direction)[counted];
  return (
    store
      .select({ n: count() })
      .from(storeFaxes)
      .where(faxSearchConditions(store, direction, search))
      .get()?.n ?? 0
  );
}
