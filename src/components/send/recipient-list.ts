import { typedNumberDigits } from '../../common/phone-text';
import type { PhoneParser } from '../../lib/phone-parser';

// The recipients of a send as the To field holds them: numbers as typed or pasted and
// contacts from the phonebook, each read the way it will be dialled, repeats merged, at most the
// send's limit. No I/O; the phone parser is handed in, as the page loads it only once there are
// numbers to read (null until then: what was typed is kept as typed and read when it comes).

/** A contact as its chip and its cover page need it. */
export interface RecipientContact {
  id: string;
  name: string;
  company: string;
  /** As people read it: (212) 555-0123. */
  faxDisplay: string;
}

export interface RecipientEntry {
  /** As typed or pasted; a contact's E.164 number. */
  number: string;
  contact: RecipientContact | null;
}

export type InvalidReason = 'notANumber' | 'incomplete' | 'invalid';

export type ReadRecipient =
  | { state: 'checking'; entry: RecipientEntry }
  | { state: 'ok'; entry: RecipientEntry; e164: string; display: string }
  | { state: 'invalid'; entry: RecipientEntry; reason: InvalidReason };

/** A US number without its country code has ten digits; fewer cannot be a whole fax number. */
const NATIONAL_DIGITS = 10;

/** Why typed text is not a number we can dial, in the words a person can act on. */
export function whyNotANumber(typed: string): InvalidReason {
  const digits = typedNumberDigits(typed);
  if (digits === null) return 'notANumber';
  return digits.length < NATIONAL_DIGITS ? 'incomplete' : 'invalid';
}

export function readRecipient(entry: RecipientEntry, parser: PhoneParser | null): ReadRecipient {
  // A contact's number was read when it was saved: it needs no parser to be shown.
  if (entry.contact) return { state: 'ok', entry, e164: entry.number, display: entry.contact.faxDisplay };
  if (!parser) return { state: 'checking', entry };
  const e164 = parser.toE164(entry.number);
  return e164
    ? { state: 'ok', entry, e164, display: parser.formatPhoneForDisplay(e164) }
    : { state: 'invalid', entry, reason: whyNotANumber(entry.number) };
}

/** Text that reads as a phone number (digits and the marks people type around them), not a name. */
export function looksLikeNumber(text: string): boolean {
  return typedNumberDigits(text) !== null;
}

/**
 * The entries of pasted or typed text: one per line, or separated by commas, semicolons or tabs
 * (a spreadsheet's column). Numbers may hold spaces, so spaces separate only when the entry as a
 * whole is no number and each of its parts is one ("212 555 0123 646 555 0188" stays as pasted).
 */
export function splitRecipientText(text: string, parser: PhoneParser | null): string[] {
  const entries: string[] = [];
  for (const piece of text.split(/[\n\r,;\t]+/)) {
    const typed = piece.trim();
    if (typed === '') continue;
    const parts = typed.split(/\s+/);
    const splitBySpaces = parser !== null && parts.length > 1 && !parser.toE164(typed) && parts.every((part) => parser.toE164(part));
    entries.push(...(splitBySpaces ? parts : [typed]));
  }
  return entries;
}

export interface AddedRecipients {
  recipients: RecipientEntry[];
  /** Entries taken in. */
  added: number;
  /** Entries left out because the same number was already there. */
  merged: number;
  /** Entries past the limit, as typed: they go back into the field. */
  leftOver: string[];
}

/** What makes two entries the same recipient: the number dialled (as typed until it can be read). */
function keyOf(entry: RecipientEntry, parser: PhoneParser | null): string {
  if (entry.contact) return entry.number;
  return parser?.toE164(entry.number) ?? entry.number.replace(/\s+/g, ' ').trim();
}

/**
 * `incoming` added after `current`: repeats merged (a contact takes the place of the same number
 * typed, as it knows the name), and nothing past `max` entries, which comes back as `leftOver`.
 */
export function addRecipients(
  current: readonly RecipientEntry[],
  incoming: readonly RecipientEntry[],
  parser: PhoneParser | null,
  max: number,
): AddedRecipients {
  const recipients = [...current];
  const index = new Map(recipients.map((entry, at) => [keyOf(entry, parser), at]));
  const leftOver: string[] = [];
  let added = 0;
  let merged = 0;
  for (const entry of incoming) {
    const key = keyOf(entry, parser);
    const at = index.get(key);
    if (at !== undefined) {
      if (entry.contact && !recipients[at]!.contact) recipients[at] = entry;
      else merged++;
    } else if (recipients.length >= max) {
      leftOver.push(entry.contact ? entry.contact.faxDisplay : entry.number);
    } else {
      index.set(key, recipients.length);
      recipients.push(entry);
      added++;
    }
  }
  return { recipients, added, merged, leftOver };
}
