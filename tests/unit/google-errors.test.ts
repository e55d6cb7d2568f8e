import { describe, expect, it } from 'vitest';
import {
  errorOfGoogle,
  errorOfLogin,
  errorOfSetup,
  GOOGLE_SIGN_IN_ERRORS,
  googleSignInError,
} from '../../src/components/auth/google-errors';
import { t } from '../../src/i18n/t';

// Google sign-in failures (spec §8) reach the person as plain sentences, never as codes.

describe('the Google sign-in error catalogue', () => {
  it.each(GOOGLE_SIGN_IN_ERRORS)('%s has a plain message that says what to do', (code) => {
    const message = t(`google.errors.${code}`);
    expect(message).not.toContain(code);
    expect(message).toMatch(/\.$/);
  });

  it.each([
    ['NETWORK', 'network-request-failed'],
    ['INVALID_GOOGLE_TOKEN', 'invalid-auth-event'],
    ['INTERNAL', 'internal-error'],
  ] as const)('our sign-in call failing with %s is %s', (code, expected) => {
    expect(errorOfLogin(code)).toBe(expected);
    expect(googleSignInError(code)).toBe(t(`google.errors.${expected}`));
  });

  it('keeps our own specific sentences where the server named the problem', () => {
    expect(googleSignInError('GOOGLE_EMAIL_UNVERIFIED')).toBe(t('errors.GOOGLE_EMAIL_UNVERIFIED'));
    expect(googleSignInError('INVALID_CREDENTIALS')).toBe(t('google.accountUnavailable'));
  });

  it.each([
    ['popup_failed_to_open', 'popup-blocked'],
    ['popup_closed', null],
    ['unknown', 'internal-error'],
  ])("Google's %s is %s", (type, expected) => {
    expect(errorOfGoogle(type)).toBe(expected);
  });

  it.each([
    ['', 'https://fax.example.com', 'invalid-api-key'],
    ['not-a-client-id', 'https://fax.example.com', 'auth-domain-config-required'],
    ['123.apps.googleusercontent.com', 'http://fax.example.com', 'unauthorized-domain'],
    ['123.apps.googleusercontent.com', 'http://localhost:8787', null],
    ['123.apps.googleusercontent.com', 'https://fax.example.com', null],
  ])('client id "%s" on %s → %s', (clientId, origin, expected) => {
    expect(errorOfSetup(clientId, origin)).toBe(expected);
  });
});
