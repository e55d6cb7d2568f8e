// Whether this browser has signed in before (decision 039): /login opens on signing in for someone who
// has, and on creating an account for a first-time visitor. A cookie the Worker sets at every
// sign-in (worker/auth/session-cookie.ts) and the server reads when it renders /login: no script,
// no flash. It names no one and outlives sign-out on purpose.
export const SIGNED_IN_BEFORE_COOKIE = 'signed_in_before';

/** A little over a year, as browsers allow at most 400 days. */
export const SIGNED_IN_BEFORE_MAX_AGE_S = 400 * 24 * 60 * 60;
