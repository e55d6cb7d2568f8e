import type { PhoneParser } from '../../lib/phone-parser';

// More recipients as a person pastes or types them (issue 17): one number per line or separated
// by commas or semicolons, each read and shown formatted, duplicates merged. No I/O; the phone
// parser is handed in, as the page loads it only once there are numbers to read.

export interface ListedRecipient {
  e164: string;
  display: string;
}

export interface RecipientList {
  recipients: ListedRecipient[];
  /** What was typed that is not a fax number we can read, as typed. */
  unreadable: string[];
  /** Entries left out because the same number was already in the list. */
  duplicates: number;
}

export function readRecipientList(text: string, parser: PhoneParser, alreadyListed: readonly string[] = []): RecipientList {
  const seen = new Set(alreadyListed);
  const recipients: ListedRecipient[] = [];
  const unreadable: string[] = [];
  let duplicates = 0;
  for (const entry of text.split(/[\n,;]+/)) {
    const typed = entry.trim();
    if (typed === '') continue;
    const e164 = parser.toE164(typed);
    if (!e164) {
      unreadable.push(typed);
      continue;
    }
    if (seen.has(e164)) {
      duplicates++;
      continue;
    }
    seen.add(e164);
    recipients.push({ e164, display: parser.formatPhoneForDisplay(e164) });
  }
  return { recipients, unreadable, duplicates };
}

/**
 * The value for an `<input type="datetime-local">` at `at` in the browser's time zone, and back:
 * what the user picks is their local wall-clock time; the server gets the UTC instant.
 */
export function toLocalInputValue(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInputValue(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(value).getTime();
  return Number.isNaN(at) ? null : at;
}
