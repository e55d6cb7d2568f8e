import { pathAfterSignUp, safeRedirectPath } from '../../common/routes';

/** The second step of a sign-in whose account has a second factor (decision 044). */
export const SECOND_FACTOR_PAGE = '/signInCheck';

/** The second step, which goes on to `rawRedirect` once the code is given. */
export function secondFactorPath(rawRedirect: string | null): string {
  return rawRedirect ? `${SECOND_FACTOR_PAGE}?redirect=${encodeURIComponent(rawRedirect)}` : SECOND_FACTOR_PAGE;
}

/**
 * Where a sign-in goes on: one that waits for a second factor to its second step; one that made
 * the account (`created`) starts the first-run path unless it was on its way somewhere; any other
 * goes where it was asked to.
 */
export function pathAfterSignIn(rawRedirect: string | null, answer: object): string {
  if ('secondFactor' in answer) return secondFactorPath(rawRedirect);
  const created = 'created' in answer && answer.created === true;
  return created ? pathAfterSignUp(rawRedirect) : safeRedirectPath(rawRedirect);
}
