import { z } from 'zod';

// Confirming the account's e-mail address (issue 15, finding 1). Until the link mailed at sign-up
// is followed, an account may send only a few faxes and gets no mail about received faxes: nobody
// has shown the address is theirs, so the product does not act on it or write to it.

/** Faxes an account may send before its e-mail address is confirmed. */
export const UNVERIFIED_SEND_LIMIT = 3;

/** How long the link in the mail works. */
export const VERIFICATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The query parameter of the link (/dashboard?verifyEmail=…). */
export const VERIFY_EMAIL_PARAM = 'verifyEmail';

/** POST /api/verifyEmail. */
export const verifyEmailSchema = z.object({ token: z.string().min(10).max(200) });
