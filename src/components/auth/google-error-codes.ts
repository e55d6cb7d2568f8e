import type { ErrorCode } from '../../common/errors';

/** A failed call's code as src/lib/api.ts answers it. */
export type FailureCode = ErrorCode | 'NETWORK';

// Google sign-in failures (spec §8), each with a plain message (en-US.json google.errors.*): what
// went wrong in words a person understands and what to do, never a code.

export const GOOGLE_SIGN_IN_ERRORS = [
  'unauthorized-domain',
  'network-request-failed',
  'popup-blocked',
  'invalid-auth-event',
  'internal-error',
  'auth-domain-config-required',
  'invalid-api-key',
] as const;
export type GoogleSignInError = (typeof GOOGLE_SIGN_IN_ERRORS)[number];

/** Our own sign-in call failed after Google answered: which of the catalogue's failures it is. */
export function errorOfLogin(code: FailureCode): GoogleSignInError {
  if (code === 'NETWORK') return 'network-request-failed';
  if (code === 'INVALID_GOOGLE_TOKEN') return 'invalid-auth-event';
  return 'internal-error';
}

/** Google Identity Services' own error_callback types (popup flow). */
export function errorOfGoogle(type: string): GoogleSignInError | null {
  if (type === 'popup_failed_to_open') return 'popup-blocked';
  if (type === 'popup_closed') return null; // the person closed it: nothing went wrong
  return 'internal-error';
}

/**
 * Before Google is asked anything: no client id configured is an invalid key; a page served from
 * an origin the client id does not list (not https, outside production) is an unauthorized domain.
 */
export function errorOfSetup(clientId: string, origin: string): GoogleSignInError | null {
  if (!clientId) return 'invalid-api-key';
  if (!/\.apps\.googleusercontent\.com$/.test(clientId)) return 'auth-domain-config-required';
  const { protocol, hostname } = new URL(origin);
  if (protocol !== 'https:' && hostname !== 'localhost' && hostname !== '127.0.0.1') return 'unauthorized-domain';
  return null;
}
