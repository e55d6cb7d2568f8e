import { atom, onMount } from 'nanostores';
import type { ContactInput, ContactListPage, ContactView } from '../common/contacts';
import { type ApiResult, api, call } from '../lib/api';
import { onLiveEvent } from './live';
import { startFromRendered } from './live-resync';
import { onTeardown } from './teardown';

// The phonebook page (/phonebook): the list as the current search finds it, page after page
// (load more only while fewer are loaded than the total), and the calls that change it. A change
// made here or in another tab (`contacts.updated`) reads the first page again: the list is a
// search over a window of pages, which only a re-read keeps right. It starts from the first page
// the server rendered the page with, and reads it again when the page may have missed a change
// (./live-resync).

export type PhonebookState =
  | { kind: 'loading' }
  | { kind: 'failed'; reason: string }
  | { kind: 'ready'; search: string; page: ContactListPage; loadingMore: boolean; moreFailed: string | null };

export const $phonebook = atom<PhonebookState>({ kind: 'loading' });
/** What is typed in the search field; the list follows it a moment after typing stops. */
export const $phonebookSearch = atom('');

const SEARCH_DELAY_MS = 200;

onTeardown(() => {
  $phonebook.set({ kind: 'loading' });
  $phonebookSearch.set('');
});

/** True while the loaded contacts are fewer than the total. */
export function hasMoreContacts(page: ContactListPage): boolean {
  return page.contacts.length < page.total && page.nextCursor !== null;
}

// Answers can come back out of order while someone types: only the newest request's is shown.
let latest = 0;

/** Reads the first page for the search as typed now. */
export async function loadPhonebook(): Promise<void> {
  const search = $phonebookSearch.get().trim();
  const request = ++latest;
  const result = await call(api.contacts.$get({ query: search ? { search } : {} }));
  if (request !== latest) return;
  if (!result.ok) {
    // A failed re-read keeps what is on screen.
    if ($phonebook.get().kind !== 'ready') $phonebook.set({ kind: 'failed', reason: result.message });
    return;
  }
  $phonebook.set({ kind: 'ready', search, page: result.data, loadingMore: false, moreFailed: null });
}

export async function loadMoreContacts(): Promise<void> {
  const state = $phonebook.get();
  if (state.kind !== 'ready' || state.loadingMore || !hasMoreContacts(state.page)) return;
  $phonebook.set({ ...state, loadingMore: true, moreFailed: null });
  const request = latest;
  const query = { cursor: state.page.nextCursor!, ...(state.search ? { search: state.search } : {}) };
  const result = await call(api.contacts.$get({ query }));
  const now = $phonebook.get();
  if (request !== latest || now.kind !== 'ready') return;
  if (!result.ok) {
    $phonebook.set({ ...now, loadingMore: false, moreFailed: result.message });
    return;
  }
  const known = new Set(now.page.contacts.map((contact) => contact.id));
  const contacts = [...now.page.contacts, ...result.data.contacts.filter((contact) => !known.has(contact.id))];
  $phonebook.set({ ...now, page: { ...result.data, contacts }, loadingMore: false, moreFailed: null });
}

let searchTimer: ReturnType<typeof setTimeout> | null = null;

/** The search as typed; the list is read again once typing pauses. */
export function searchPhonebook(search: string): void {
  $phonebookSearch.set(search);
  if (searchTimer) clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    searchTimer = null;
    void loadPhonebook();
  }, SEARCH_DELAY_MS);
}

/** A refused change: its code, and the server's sentence (which names the contact a number is already under). */
type ChangeResult = ApiResult<{ contact: ContactView }>;

export async function addContact(input: ContactInput): Promise<ChangeResult> {
  const result = await call(api.addContact.$post({ json: input }));
  if (result.ok) void loadPhonebook();
  return result;
}

export async function editContact(contactId: string, input: ContactInput): Promise<ChangeResult> {
  const result = await call(api.editContact.$post({ json: { contactId, ...input } }));
  if (result.ok) void loadPhonebook();
  return result;
}

export async function deleteContacts(contactIds: string[]): Promise<ApiResult<{ deleted: number }>> {
  const result = await call(api.deleteContacts.$post({ json: { contactIds } }));
  // Refused (a contact deleted elsewhere meanwhile): the list is read again either way.
  void loadPhonebook();
  return result;
}

/** The phonebook as its page was rendered: its first page, or loading when the island reads it itself. */
export function renderedPhonebook(firstPage: ContactListPage | null): PhonebookState {
  return firstPage ? { kind: 'ready', search: '', page: firstPage, loadingMore: false, moreFailed: null } : { kind: 'loading' };
}

let stopResync: (() => void) | null = null;

/** Starts the phonebook as its page hydrates, once: from the first page it was rendered with, else by reading it. */
export function startPhonebook(rendered: ContactListPage | null): void {
  if (typeof window === 'undefined' || stopResync) return;
  stopResync = startFromRendered(rendered, (page) => $phonebook.set(renderedPhonebook(page)), loadPhonebook);
}

onMount($phonebook, () => {
  if (typeof window === 'undefined') return;
  const stopEvents = onLiveEvent((event) => {
    if (event.type === 'contacts.updated') void loadPhonebook();
  });
  return () => {
    stopEvents();
    stopResync?.();
    stopResync = null;
  };
});
