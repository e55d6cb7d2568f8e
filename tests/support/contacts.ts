import type { ContactImportBody, ContactImportReport, ContactInput, ContactListPage, ContactView } from '../../src/common/contacts';
import { call } from './client';
import { storeSql } from './user-store';

// The phonebook through its routes, as the /phonebook page calls them.

export async function addContact(cookie: string, input: ContactInput): Promise<Response> {
  return call('/api/addContact', { method: 'POST', cookie, body: input });
}

/** Adds a contact and insists it worked; answers it. */
export async function addContactOk(cookie: string, input: ContactInput): Promise<ContactView> {
  const response = await addContact(cookie, input);
  if (response.status !== 201) throw new Error(`addContact failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { contact: ContactView }).contact;
}

export async function listContacts(cookie: string, query: Record<string, string> = {}): Promise<ContactListPage> {
  const response = await call(`/api/contacts?${new URLSearchParams(query)}`, { cookie });
  if (response.status !== 200) throw new Error(`contacts failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as ContactListPage;
}

/** Every contact, page after page, in the order the list gives them. */
export async function allContacts(cookie: string, query: Record<string, string> = {}): Promise<ContactView[]> {
  const contacts: ContactView[] = [];
  let cursor: string | null = null;
  do {
    const page: ContactListPage = await listContacts(cookie, cursor ? { ...query, cursor } : query);
    contacts.push(...page.contacts);
    cursor = page.nextCursor;
  } while (cursor);
  return contacts;
}

export async function importContacts(cookie: string, body: ContactImportBody, commit = true): Promise<Response> {
  return call(commit ? '/api/importContacts' : '/api/previewContactImport', { method: 'POST', cookie, body });
}

export async function importReport(cookie: string, body: ContactImportBody, commit = true): Promise<ContactImportReport> {
  const response = await importContacts(cookie, body, commit);
  if (response.status !== 200) throw new Error(`import failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as ContactImportReport;
}

/**
 * Fills the user's phonebook with `count` contacts straight in their store (numbers +1 212 555
 * then 4 digits from `from`, bound as a whole number so they stay digits), as a test's starting
 * point: thousands through the routes take long.
 */
export async function fillPhonebook(userId: string, count: number, from = 1000): Promise<void> {
  await storeSql(
    userId,
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
     INSERT INTO contacts (id, name, fax_number, sort_key, search_text, created, updated)
     SELECT lower(hex(randomblob(16))), 'Filler ' || i, '+1212555' || CAST(? + i AS INTEGER), 'filler ' || i, 'filler ' || i, 1, 1 FROM n`,
    count,
    from,
  );
}
