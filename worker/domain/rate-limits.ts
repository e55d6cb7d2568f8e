// Abuse limits, each a number of attempts per window length. Each slows guessing to a crawl while a
// real owner who mistypes is only held up until enough of their attempts are a window old: nothing
// locks an account for good. The window slides (decision 051): counted in fixed windows, it would let
// twice the limit through around a window's edge.
export const RATE_LIMITS = {
  'login-ip': { limit: 30, windowMs: 10 * 60_000 },
  // Wrong passwords only, never sign-ins that worked (decision 009, sign-in links). Strict for one address
  // guessing one account; a looser ceiling for the account from every address together, so a
  // guesser spread over many addresses is slowed without the owner, at home, being locked out.
  'login-failure-account-ip': { limit: 10, windowMs: 15 * 60_000 },
  'login-failure-account': { limit: 100, windowMs: 60 * 60_000 },
  'signup-ip': { limit: 10, windowMs: 60 * 60_000 },
  // Per address asked about, so probing one address from many IPs is slowed too.
  'signup-account': { limit: 5, windowMs: 60 * 60_000 },
  'email-check-account': { limit: 10, windowMs: 10 * 60_000 },
  // Links to confirm the account's e-mail sent again on request.
  'verification-mail-account': { limit: 5, windowMs: 60 * 60_000 },
  'recovery-ip': { limit: 10, windowMs: 60 * 60_000 },
  'recovery-account': { limit: 3, windowMs: 60 * 60_000 },
  // Sign-in links for an owner held up by the wrong-password limits: per address asked about, so
  // nobody can flood one inbox, and per caller's address.
  'sign-in-link-ip': { limit: 10, windowMs: 60 * 60_000 },
  'sign-in-link-account': { limit: 3, windowMs: 60 * 60_000 },
  'email-check-ip': { limit: 30, windowMs: 10 * 60_000 },
  'password-check-account': { limit: 10, windowMs: 15 * 60_000 },
  // Wrong second-factor codes (decision 044), as the wrong passwords above: strict for one account
  // from one address, a ceiling for the account from everywhere. A million codes cannot be walked.
  'code-failure-account-ip': { limit: 5, windowMs: 15 * 60_000 },
  'code-failure-account': { limit: 20, windowMs: 60 * 60_000 },
  // Passkey ceremonies begun from one address (decision 045): each leaves a challenge row for five
  // minutes; the sign-in page begins one each time its e-mail field is focused.
  'passkey-options-ip': { limit: 60, windowMs: 10 * 60_000 },
  // Answers refused (a wrong signature, origin or user verification), as the wrong codes above.
  'passkey-failure-ip': { limit: 20, windowMs: 15 * 60_000 },
  // Signed-out number holds: enough to change one's mind often, too few to hold a pool hostage.
  'number-hold-ip': { limit: 30, windowMs: 60 * 60_000 },
  // The landing pages' funnel beacons (decision 040): a view and a click or two per page a visitor
  // opens, far fewer than this; past it an address only stops being counted.
  'funnel-beacon-ip': { limit: 120, windowMs: 60 * 60_000 },
  // Addresses for received faxes (decision 028): adds and links sent again by one account, and
  // confirmation mails to one address whichever accounts ask, so nobody can flood an inbox.
  'fax-mail-address-account': { limit: 10, windowMs: 60 * 60_000 },
  'fax-mail-link-address': { limit: 3, windowMs: 60 * 60_000 },
  // Mail to fax addresses: every mail read from one sender, and the faxes one account sends so.
  'fax-mail-inbound-sender': { limit: 30, windowMs: 60 * 60_000 },
  'fax-mail-inbound-account': { limit: 60, windowMs: 60 * 60_000 },
  // Outgoing webhooks (decision 047): endpoints added, changed, rotated, tested or redelivered by
  // one account; each can make the service call out, so it is bounded.
  'webhook-change-account': { limit: 120, windowMs: 60 * 60_000 },
} as const satisfies Record<string, { limit: number; windowMs: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Counters whose window began longer ago than this count for nothing under any limit. */
export const RATE_LIMIT_MEMORY_MS = 2 * Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMs));

/** The start of the window `now` falls in. */
export function windowStart(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/** The attempts counted in the fixed window under way and in the one just before it. */
export interface WindowHits {
  current: number;
  previous: number;
}

/**
 * The attempts within the last window's length at `now`: all of the window under way, and the share
 * of the window before that is still within reach, as if its attempts had been spread evenly over it
 * (the estimate Cloudflare's own rate limiting makes, with two counters instead of a log per attempt).
 * Rounded up: an attempt partly within reach counts whole, so the limit is never passed by a fraction.
 */
export function slidingHits(hits: WindowHits, start: number, windowMs: number, now: number): number {
  return Math.ceil(hits.current + hits.previous * (1 - (now - start) / windowMs));
}

/**
 * Seconds until `slidingHits` leaves room for one more attempt under `limit` (at least 1), when no
 * attempt is made meanwhile. While the window under way holds fewer than the limit, room comes as the
 * last window's attempts slide out; when it holds the limit or more, only in the next window, as
 * enough of its own have slid out.
 */
export function secondsUntilRoom(hits: WindowHits, limit: number, start: number, windowMs: number, now: number): number {
  const allowed = limit - 1;
  const roomAt =
    hits.current <= allowed
      ? hits.previous === 0
        ? now
        : start + windowMs * (1 - (allowed - hits.current) / hits.previous)
      : start + windowMs * (2 - allowed / hits.current);
  return Math.max(1, Math.ceil((roomAt - now) / 1000));
}
