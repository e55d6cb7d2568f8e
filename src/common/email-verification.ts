import { z } from 'zod';

// Confirming the account's e-mail address (decision 008's addendum). Until the link mailed at sign-up
// is followed, an account may send only a few faxes and gets no mail about received faxes: nobody
// has shown the address is theirs, so the product does not act on it or write to it.

export { UNVERIFIED_SEND_LIMIT, VERIFICATION_LINK_LIFETIME_MS, VERIFY_EMAIL_PARAM } from './email-verification-rules';

/** POST /api/verifyEmail. */
export const verifyEmailSchema = z.object({ token: z.string().min(10).max(200) });
