import { atom } from 'nanostores';
import type { ContactView } from '../common/contacts';
import { api, call } from '../lib/api';
import { updateDraft } from './send-fax';
import { onTeardown } from './teardown';

// Choosing a contact on /send (issue 14): the phonebook searched as the user types, and the
// chosen contact filling the fax number and the cover page's To fields.

/** How many contacts the picker offers at once. */
const PICKER_SIZE = 8;
const SEARCH_DELAY_MS = 150;

export type PickerState =
  | { kind: 'idle' }
  | { kind: 'searching'; query: string }
  | { kind: 'found'; query: string; contacts: ContactView[] }
  | { kind: 'failed'; query: string; reason: string };

export const $picker = atom<PickerState>({ kind: 'idle' });
/** The contact last chosen, until the user types another search. */
export const $pickedContact = atom<ContactView | null>(null);

onTeardown(() => {
  $picker.set({ kind: 'idle' });
  $pickedContact.set(null);
});

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
  $pickedContact.set(null);
  if (query.trim() === '') {
    latest++;
    $picker.set({ kind: 'idle' });
    return;
  }
  $picker.set({ kind: 'searching', query });
  timer = setTimeout(() => {
    timer = null;
    void search(query.trim());
  }, SEARCH_DELAY_MS);
}

/** Fills the fax number and the cover page's To name and company; the To number follows the fax number again. */
export function chooseContact(contact: ContactView): void {
  updateDraft('toNumber', contact.faxDisplay);
  updateDraft('toName', contact.name);
  // A contact imported with only a company has it as its name too: it is not printed twice.
  updateDraft('toCompany', contact.company === contact.name ? '' : contact.company);
  updateDraft('coverToNumber', null);
  $pickedContact.set(contact);
  $picker.set({ kind: 'idle' });
}
