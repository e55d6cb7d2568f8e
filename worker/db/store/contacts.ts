import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ContactFields } from '../../../src/common/contacts';
import { type ContactPosition, contactSearchText, contactSortKey, foldText } from '../../domain/contacts';
import { builtOnce } from './built-once';
import type { StoreScope, UserStore } from './open-store';
import { type StoreContactRow, storeContacts } from './schema';

// The user's phonebook in their own store (decision 026): one contact per fax number.
// A phonebook is bounded (MAX_CONTACTS), so a search reads at most that many rows.

const c = storeContacts;

/** Every term in the contact's search text (terms from domain/contacts.ts searchTerms). */
function matching(terms: readonly string[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => sql`instr(${c.searchText}, ${term}) > 0`));
}

/** One page of the phonebook in name order, keyset after `after`, matching every search term. */
export function listStoreContacts(
  store: StoreScope,
  terms: readonly string[],
  after: ContactPosition | null,
  limit: number,
): StoreContactRow[] {
  const keyset = after ? sql`(${c.sortKey}, ${c.id}) > (${after.sortKey}, ${after.id})` : undefined;
  return store
    .select()
    .from(c)
    .where(and(matching(terms), keyset))
    .orderBy(asc(c.sortKey), asc(c.id))
    .limit(limit)
    .all();
}

/** How many contacts match the terms (all of them without any). */
export function countStoreContacts(store: StoreScope, terms: readonly string[] = []): number {
  return store.select({ n: count() }).from(c).where(matching(terms)).get()?.n ?? 0;
}

/** Whether the phonebook has any contact: one row of its index at most (the dashboard's setup checklist). */
export function hasStoreContacts(store: StoreScope): boolean {
  return store.select({ id: c.id }).from(c).limit(1).get() !== undefined;
}

export function findStoreContact(store: StoreScope, contactId: string): StoreContactRow | null {
  return store.select().from(c).where(eq(c.id, contactId)).get() ?? null;
}

export function findStoreContactByNumber(store: StoreScope, faxNumber: string): StoreContactRow | null {
  return store.select().from(c).where(eq(c.faxNumber, faxNumber)).get() ?? null;
}

/** The whole phonebook in name order (export; at most MAX_CONTACTS rows). */
export function listAllStoreContacts(store: StoreScope): StoreContactRow[] {
  return store.select().from(c).orderBy(asc(c.sortKey), asc(c.id)).all();
}

/** Every number in the phonebook with its contact's name (an import's duplicates). */
export function contactNumbers(store: StoreScope): Map<string, string> {
  const rows = store.select({ faxNumber: c.faxNumber, name: c.name }).from(c).all();
  return new Map(rows.map((row) => [row.faxNumber, row.name]));
}

/**
 * The contact's name of each of these numbers (E.164) that is in the phonebook: what history,
 * fax details and mails show beside a number. Numbers with no contact are left out.
 */
export function contactNamesByNumber(store: StoreScope, numbers: readonly string[]): Map<string, string> {
  const wanted = [...new Set(numbers)].filter((n) => n !== '');
  const names = new Map<string, string>();
  // One fax's number (its page, every push of its changes): a statement built once (built-once.ts).
  if (wanted.length === 1) {
    const query = builtOnce(store, 'contact name of a number', (s) =>
      s
        .select({ name: c.name })
        .from(c)
        .where(eq(c.faxNumber, sql.placeholder('faxNumber')))
        .prepare(),
    );
    const [row] = query.all({ faxNumber: wanted[0]! });
    if (row) names.set(wanted[0]!, row.name);
    return names;
  }
  // SQLite takes up to 100 bound values a statement in a Durable Object.
  for (let i = 0; i < wanted.length; i += 90) {
    const rows = store
      .select({ faxNumber: c.faxNumber, name: c.name })
      .from(c)
      .where(inArray(c.faxNumber, wanted.slice(i, i + 90)))
      .all();
    for (const row of rows) names.set(row.faxNumber, row.name);
  }
  return names;
}

function derived(fields: ContactFields) {
  return { sortKey: contactSortKey(fields.name), searchText: contactSearchText(fields) };
}

/** Adds a contact; the caller has checked its number is not in the phonebook yet (the unique index holds it anyway). */
export function insertStoreContact(store: StoreScope, id: string, fields: ContactFields, now: number): StoreContactRow {
  return store
    .insert(c)
    .values({ id, ...fields, ...derived(fields), created: now, updated: now })
    .returning()
    .get();
}

// Rows a multi-row insert may carry: 10 values a row under the 100 bound values of a statement.
const INSERT_BATCH = 9;

/** Adds many contacts at once (an import), in one transaction; the caller has checked their numbers. */
export function insertStoreContacts(store: UserStore, contacts: readonly ContactFields[], now: number): void {
  store.transaction((tx) => {
    for (let i = 0; i < contacts.length; i += INSERT_BATCH) {
      const values = contacts
        .slice(i, i + INSERT_BATCH)
        // Only the contact's own fields: a preview's row carries more (its display number).
        .map(({ name, faxNumber, company, email, note }) => {
          const fields = { name, faxNumber, company, email, note };
          return { id: crypto.randomUUID(), ...fields, ...derived(fields), created: now, updated: now };
        });
      tx.insert(c).values(values).run();
    }
  });
}

export function updateStoreContact(store: StoreScope, contactId: string, fields: ContactFields, now: number): StoreContactRow | null {
  return (
    store
      .update(c)
      .set({ ...fields, ...derived(fields), updated: now })
      .where(eq(c.id, contactId))
      .returning()
      .get() ?? null
  );
}

/** Deletes these contacts, all or none: answers false (deleting nothing) when one of them is not in the phonebook. */
export function deleteStoreContacts(store: UserStore, contactIds: readonly string[]): boolean {
  const ids = [...new Set(contactIds)];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 90) chunks.push(ids.slice(i, i + 90));
  // The object runs one call at a time, so what is counted here is what gets deleted.
  const found = chunks.reduce((sum, chunk) => sum + (store.select({ n: count() }).from(c).where(inArray(c.id, chunk)).get()?.n ?? 0), 0);
  if (found !== ids.length) return false;
  store.transaction((tx) => {
    for (const chunk of chunks) tx.delete(c).where(inArray(c.id, chunk)).run();
  });
  return true;
}

/**
 * The fax numbers of the contacts whose name holds every word of `name` (folded like the list's
 * order): what a history search by contact name looks for (decision 027).
 */
export function numbersOfContactsNamed(store: StoreScope, name: string): string[] {
  const words = foldText(name).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return store
    .select({ faxNumber: c.faxNumber })
    .from(c)
    .where(and(...words.map((word) => sql`instr(${c.sortKey}, ${word}) > 0`)))
    .all()
    .map((row) => row.faxNumber);
}
