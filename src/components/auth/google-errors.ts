import errorsMessages from 'virtual:messages/errors';
import googleMessages from 'virtual:messages/google';
import { translator } from '../../i18n/translator';
import { errorOfLogin, type FailureCode, type GoogleSignInError } from './google-error-codes';

const t = translator({ errors: errorsMessages, google: googleMessages });

// Google sign-in failures (spec §8) in words (en-US.json google.errors.*). Which failure is which
// lives apart in ./google-error-codes.ts, so the sign-in page loads these sentences only once
// something has gone wrong (docs/decisions/032).

export {
  errorOfGoogle,
  errorOfLogin,
  errorOfSetup,
  GOOGLE_SIGN_IN_ERRORS,
  type GoogleSignInError,
} from './google-error-codes';

/** The sentence for one of the catalogue's Google sign-in failures (spec §8). */
export function messageOf(error: GoogleSignInError): string {
  return t(`google.errors.${error}`);
}

/** The sentence for a failed Google sign-in. */
export function googleSignInError(code: FailureCode): string {
  // An account being deleted: "wrong password" would make no sense after a Google sign-in.
  if (code === 'INVALID_CREDENTIALS') return t('google.accountUnavailable');
  // Our own answers that name the person's problem (an unverified e-mail, too many tries) say so.
  if (code === 'NETWORK' || code === 'INVALID_GOOGLE_TOKEN' || code === 'INTERNAL') return messageOf(errorOfLogin(code));
  return t(`errors.${code}`);
}
