import type { JobState } from './account-deletion';
import type { FaxTotals, FaxView } from './faxes';
import { type FieldKind, hasShape } from './shape';
import type { SignInMethod } from './sign-in-link';

// Everything the server pushes to a browser over /api/live. The database stays the source of
// truth: an event carries what changed, the page applies it, and after a reconnect (events may
// have been missed) the page re-reads its state.
//
// No zod here: every signed-in page opens the live channel, and zod would be a quarter of what such
// a page loads (docs/decisions/032). The events come from this site's own Worker, built from the
// same types, over an authenticated same-origin socket, so the browser trusts their insides as it
// trusts every /api answer; `readLiveEvent` checks what a frame from an older or newer build could
// get wrong: a type this page does not know, and the kind of each field an event carries.

export type LiveEvent =
  // `yours`: the page belongs to the session that signed in (its history shows it; no "new sign-in" news).
  | { type: 'session.started'; at: number; method: SignInMethod; device: string | null; yours: boolean }
  | { type: 'account.updated'; at: number }
  // A user-management job changed (account deletion: its page watches the job's own channel).
  | { type: 'job.updated'; at: number; jobId: string; state: JobState; progress: number; step: string | null; error: string | null }
  // A fax of the user was created or moved on (status, pages sent, retry, refund, read, trash):
  // the row as it is now, and the user's fax figures after the change. Pages apply both as they
  // are (the dashboard's lists: src/common/recent-faxes.ts); they read the server again only after a missed push.
  // `creditsChanged`: the change charged or refunded credits, so pages that show the balance read
  // the account again; one push says both (decision 043), where an account.updated followed before.
  | { type: 'fax.updated'; at: number; fax: FaxView; totals: FaxTotals; creditsChanged: boolean }
  // Faxes of the user were deleted forever from the trash (by the user or the 30-day purge): pages
  // drop them; `trashTotal` is what is left in the trash.
  | { type: 'faxes.deleted'; at: number; faxIds: string[]; totals: FaxTotals; trashTotal: number }
  // The reserved-number document: the user's own number was assigned (or released: null).
  | { type: 'number.updated'; at: number; number: { number: string; display: string } | null }
  // The plan changed (checkout, trial end, renewal, cancellation): pages re-read checkSubscriptionStatus.
  | { type: 'subscription.updated'; at: number }
  // The phonebook changed (a contact added, edited, deleted or imported): open phonebooks read it again.
  | { type: 'contacts.updated'; at: number };

/** Heartbeat frames: the hub answers PING with PONG without waking up. */
export const LIVE_PING = 'ping';
export const LIVE_PONG = 'pong';

/**
 * The hub's first frame on every socket: `hello <mark>`, where the mark names how many pushes the
 * hub has made since it started. A page rendered with the same mark (its page context's
 * `liveMark`) has missed nothing between its render and this connection (decision 033).
 */
export const LIVE_HELLO_PREFIX = 'hello ';

/** Close code the hub uses when the session behind a socket has ended. */
export const LIVE_CLOSE_SESSION_ENDED = 4001;

type EventFields<T extends LiveEvent['type']> = Exclude<keyof Extract<LiveEvent, { type: T }>, 'type' | 'at'>;

/** The fields of every event and their kind; the type makes a new event or field fail to compile until listed. */
const EVENT_FIELDS: { [T in LiveEvent['type']]: Record<EventFields<T>, FieldKind> } = {
  'session.started': { method: 'string', device: 'string|null', yours: 'boolean' },
  'account.updated': {},
  'job.updated': { jobId: 'string', state: 'string', progress: 'number', step: 'string|null', error: 'string|null' },
  'fax.updated': { fax: 'object', totals: 'object', creditsChanged: 'boolean' },
  'faxes.deleted': { faxIds: 'array', totals: 'object', trashTotal: 'number' },
  'number.updated': { number: 'object|null' },
  'subscription.updated': {},
  'contacts.updated': {},
};

/** Whether the event says the account changed (its details, its plan's credits): pages showing it read it again. */
export function changesAccount(event: LiveEvent): boolean {
  return event.type === 'account.updated' || (event.type === 'fax.updated' && event.creditsChanged);
}

/** A live event read from a parsed frame (or from storage), or null for anything this page does not know. */
export function readLiveEvent(raw: unknown): LiveEvent | null {
  if (!hasShape(raw, { type: 'string', at: 'number' }) || !Object.hasOwn(EVENT_FIELDS, raw.type as string)) return null;
  return hasShape(raw, EVENT_FIELDS[raw.type as LiveEvent['type']]) ? (raw as LiveEvent) : null;
}
