import { z } from 'zod';
import { JOB_STATES } from './account-deletion';
import { faxTotalsSchema, faxViewSchema } from './faxes';
import { SIGN_IN_METHODS } from './sign-in-link';

// Everything the server pushes to a browser over /api/live. The database stays the source of
// truth: an event carries what changed, the page applies it, and after a reconnect (events may
// have been missed) the page re-reads its state.

export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('session.started'),
    at: z.number(),
    method: z.enum(SIGN_IN_METHODS),
    device: z.string().nullable(),
  }),
  z.object({ type: z.literal('account.updated'), at: z.number() }),
  // A user-management job changed (account deletion: its page watches the job's own channel).
  z.object({
    type: z.literal('job.updated'),
    at: z.number(),
    jobId: z.string(),
    state: z.enum(JOB_STATES),
    progress: z.number().int().min(0).max(100),
    step: z.string().nullable(),
    error: z.string().nullable(),
  }),
  // A fax of the user was created or moved on (status, pages sent, retry, refund, read, trash):
  // the row as it is now, and the user's fax figures after the change. Pages apply both as they
  // are (src/stores/fax-status-rules.ts); they read the server again only after a reconnect.
  z.object({ type: z.literal('fax.updated'), at: z.number(), fax: faxViewSchema, totals: faxTotalsSchema }),
  // Faxes of the user were deleted forever from the trash (by the user or the 30-day purge): pages
  // drop them; `trashTotal` is what is left in the trash.
  z.object({
    type: z.literal('faxes.deleted'),
    at: z.number(),
    faxIds: z.array(z.string()),
    totals: faxTotalsSchema,
    trashTotal: z.number().int(),
  }),
  // The reserved-number document: the user's own number was assigned (or released: null).
  z.object({
    type: z.literal('number.updated'),
    at: z.number(),
    number: z.object({ number: z.string(), display: z.string() }).nullable(),
  }),
  // The plan changed (checkout, trial end, renewal, cancellation): pages re-read checkSubscriptionStatus.
  z.object({ type: z.literal('subscription.updated'), at: z.number() }),
  // The phonebook changed (a contact added, edited, deleted or imported): open phonebooks read it again.
  z.object({ type: z.literal('contacts.updated'), at: z.number() }),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Heartbeat frames: the hub answers PING with PONG without waking up. */
export const LIVE_PING = 'ping';
export const LIVE_PONG = 'pong';

/**
 * The hub's first frame on every socket: `hello <mark>`, where the mark names how many pushes the
 * hub has made since it started. A page rendered with the same mark (its page context's
 * `liveMark`) has missed nothing between its render and this connection (decision 031).
 */
export const LIVE_HELLO_PREFIX = 'hello ';

/** Close code the hub uses when the session behind a socket has ended. */
export const LIVE_CLOSE_SESSION_ENDED = 4001;
