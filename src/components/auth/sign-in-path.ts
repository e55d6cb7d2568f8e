import { pathAfterSignUp, safeRedirectPath } from '../../common/routes';

/**
 * Where a Google sign-in goes on: a sign-in that made the account (`created`) starts the first-run
 * path unless it was on its way somewhere; any other goes where it was asked to.
 */
export function pathAfterSignIn(rawRedirect: string | null, answer: object): string {
  const created = 'created' in answer && answer.created === true;
  return created ? pathAfterSignUp(rawRedirect) : safeRedirectPath(rawRedirect);
}
