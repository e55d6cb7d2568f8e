import { computed, onMount } from 'nanostores';
import type { ContactView } from '../common/contacts';
import { MAX_RECIPIENTS } from '../common/send-many-rules';
import { addRecipients, looksLikeNumber, type RecipientEntry, readRecipient, splitRecipientText } from '../components/send/recipient-list';
import { $phoneParser, loadPhoneParser, type PhoneParser, preloadPhoneParser } from '../lib/phone-parser';
import { $draft, updateDraft } from './send-draft';

// The To field's recipients: numbers typed or pasted and contacts picked become chips,
// each read as it will be dialled once the phone library is here, repeats merged, at most
// MAX_RECIPIENTS; what does not fit stays typed in the field. Nothing typed is dropped.

/** What the field says after a change: added, merged, left in the field. */
export type RecipientNote =
  | { kind: 'added'; name: string }
  | { kind: 'addedMany'; count: number }
  | { kind: 'removed'; name: string }
  | { kind: 'merged'; count: number }
  | { kind: 'tooMany'; count: number };

export const $recipientList = computed([$draft, $phoneParser], (draft, parser) => {
  const read = draft.recipients.map((entry) => readRecipient(entry, parser));
  return {
    read,
    valid: read.flatMap((r) => (r.state === 'ok' ? [r] : [])),
    invalid: read.flatMap((r) => (r.state === 'invalid' ? [r] : [])),
    checking: read.some((r) => r.state === 'checking'),
  };
});

/** The number the cover page addresses and the name and company it shows, from the first recipient. */
export const $firstRecipient = computed($recipientList, (list) => list.valid[0] ?? null);

// The phone library comes with the first number to read, however it got there (typed, pasted, the
// page's ?to=), not with the page. When it comes, numbers kept as typed are read and merged.
onMount($recipientList, () =>
  $draft.subscribe((draft) => {
    if (draft.recipients.some((entry) => !entry.contact)) preloadPhoneParser();
  }),
);
onMount($recipientList, () =>
  $phoneParser.subscribe((parser) => {
    if (parser) updateDraft('recipients', addRecipients([], $draft.get().recipients, parser, MAX_RECIPIENTS).recipients);
  }),
);

function add(incoming: RecipientEntry[], parser: PhoneParser | null, keptText: string): RecipientNote | null {
  const draft = $draft.get();
  const result = addRecipients(draft.recipients, incoming, parser, MAX_RECIPIENTS);
  const left = [...result.leftOver, ...(keptText ? [keptText] : [])].join(', ');
  $draft.set({ ...draft, recipients: result.recipients, recipientText: left });
  if (result.leftOver.length > 0) return { kind: 'tooMany', count: result.leftOver.length };
  if (result.merged > 0) return { kind: 'merged', count: result.merged };
  if (result.added > 1) return { kind: 'addedMany', count: result.added };
  const only = incoming[0];
  if (result.added !== 1 || !only) return null;
  const read = readRecipient(only, parser);
  return { kind: 'added', name: only.contact?.name ?? (read.state === 'ok' ? read.display : only.number) };
}

/** Numbers taken out of the field and waiting for the phone library to become chips. */
let beingAdded: Promise<unknown> = Promise.resolve();

/** Resolves once every number taken from the field is a chip (a Send pressed meanwhile waits for them). */
export function recipientsAdded(): Promise<unknown> {
  return beingAdded;
}

/**
 * Makes chips of typed or pasted numbers (`text`, by default what is in the field). At once when
 * the phone library is here, which the field asks for when it is focused; else once it comes (as
 * typed if it cannot come, e.g. offline: the server reads every number anyway).
 */
export async function addTypedRecipients(text = $draft.get().recipientText): Promise<RecipientNote | null> {
  if (text.trim() === '') return null;
  const toEntries = (parser: PhoneParser | null) => splitRecipientText(text, parser).map((number) => ({ number, contact: null }));
  const ready = $phoneParser.get();
  if (ready) return add(toEntries(ready), ready, '');
  // Out of the field at once, so it cannot be added twice; what is typed meanwhile stays.
  updateDraft('recipientText', '');
  const adding = loadPhoneParser()
    .catch(() => null)
    .then((parser) => add(toEntries(parser), parser, $draft.get().recipientText));
  beingAdded = Promise.all([beingAdded, adding]);
  return adding;
}

/** The field's text as chips when it holds numbers; a name being typed stays in the field. */
export function addTypedNumbersNow(): Promise<RecipientNote | null> | null {
  const text = $draft.get().recipientText;
  return looksLikeNumber(text.replace(/[\n\r,;\t]/g, ' ')) ? addTypedRecipients(text) : null;
}

export function addContact(contact: ContactView): RecipientNote | null {
  const entry: RecipientEntry = {
    number: contact.faxNumber,
    contact: { id: contact.id, name: contact.name, company: contact.company, faxDisplay: contact.faxDisplay },
  };
  return add([entry], $phoneParser.get(), '');
}

export function removeRecipient(index: number): RecipientNote | null {
  const draft = $draft.get();
  const removed = $recipientList.get().read[index];
  if (!removed) return null;
  updateDraft(
    'recipients',
    draft.recipients.filter((_, at) => at !== index),
  );
  const name = removed.entry.contact?.name ?? (removed.state === 'ok' ? removed.display : removed.entry.number);
  return { kind: 'removed', name };
}

/** Takes a chip back into the field to be corrected (one that is not a number we can dial). */
export function editRecipient(index: number): void {
  const draft = $draft.get();
  const entry = draft.recipients[index];
  if (!entry) return;
  const text = draft.recipientText.trim();
  $draft.set({
    ...draft,
    recipients: draft.recipients.filter((_, at) => at !== index),
    recipientText: text ? `${text}, ${entry.number}` : entry.number,
  });
}
