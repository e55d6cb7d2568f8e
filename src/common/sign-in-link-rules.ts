// The zod-free part of signing in through a mailed link: what the pages carry. The schemas stay in ./sign-in-link.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

/** How long a sign-in link works: long enough to switch to a mailbox, short enough to go stale. */
export const SIGN_IN_LINK_LIFETIME_MS = 15 * 60 * 1000;

/** The query parameter of the link (/login?signInLink=…). */
export const SIGN_IN_LINK_PARAM = 'signInLink';

/** How a session was opened, as login history and the live `session.started` event tell it. */
export const SIGN_IN_METHODS = ['password', 'google', 'email-link'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
