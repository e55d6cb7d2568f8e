// The zod-free part of confirming the account's e-mail address: what the pages carry. The schemas stay in ./email-verification.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

/** Faxes an account may send before its e-mail address is confirmed. */
export const UNVERIFIED_SEND_LIMIT = 3;

/** How long the link in the mail works. */
export const VERIFICATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The query parameter of the link (/dashboard?verifyEmail=…). */
export const VERIFY_EMAIL_PARAM = 'verifyEmail';
