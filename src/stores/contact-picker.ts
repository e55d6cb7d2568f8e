import { atom } from 'nanostores';
import type { ContactView } from '../common/contacts';
import { api, call } from '../lib/api';
import { onTeardown } from './teardown';

// The contacts the To field of /send offers (decision 026): the phonebook searched as the
// user types; a contact chosen becomes a recipient (./send-recipients.ts).

/** How many contacts the picker offers at once. */
const PICKER_SIZE = 8;
const SEARCH_DELAY_MS = 150;

export type PickerState =
  | { kind: 'idle' }
  /** The contacts of the search before, shown until this one answers, so the list does not flicker. */
  | { kind: 'searching'; query: string; contacts: ContactView[] }
  | { kind: 'found'; query: string; contacts: ContactView[] }
  | { kind: 'failed'; query: string; reason: string };

export const $picker = atom<PickerState>({ kind: 'idle' });

onTeardown(() => $picker.set({ kind: 'idle' }));

let latest = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

async function search(query: string): Promise<void> {
  const request = ++latest;
  const result = await call(api.contacts.$get({ query: { search: query, limit: String(PICKER_SIZE) } }));
  if (request !== latest) return;
  $picker.set(result.ok ? { kind: 'found', query, contacts: result.data.contacts } : { kind: 'failed', query, reason: result.message });
}

/** The search as typed: contacts are looked up once typing pauses; an empty search offers none. */
export function searchContacts(query: string): void {
  if (timer) clearTimeout(timer);
  if (query.trim() === '') {
    latest++;
    $picker.set({ kind: 'idle' });
    return;
  }
  const shown = $picker.get();
  $picker.set({ kind: 'searching', query, contacts: 'contacts' in shown ? shown.contacts : [] });
  timer = setTimeout(() => {
    timer = null;
    void search(query.trim());
  }, SEARCH_DELAY_MS);
}

/** The list closes: a contact was chosen, or the search is over. */
export function closeContactSearch(): void {
  if (timer) clearTimeout(timer);
  latest++;
  $picker.set({ kind: 'idle' });
}
