// The zod-free part of signing in through a mailed link: what the pages carry. The schemas stay in ./sign-in-link.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

/** How long a sign-in link works: long enough to switch to a mailbox, short enough to go stale. */
export const SIGN_IN_LINK_LIFETIME_MS = 15 * 60 * 1000;

/** The query parameter of the link (/login?signInLink=…). */
export const SIGN_IN_LINK_PARAM = 'signInLink';

/**
 * How a session was opened, as login history and the live `session.started` event tell it: the
 * first factor, then `-app` when an authenticator app's code completed it, or `recovery-code`
 * when a recovery code did (decision 044); `passkey` alone, or `-passkey` after a first factor (decision 045).
 */
export const SIGN_IN_METHODS = [
  'password',
  'google',
  'email-link',
  'password-app',
  'google-app',
  'email-link-app',
  'recovery-code',
  // Passkeys (decision 045): a passkey alone, or a passkey as the second step after a first factor.
  'passkey',
  'password-passkey',
  'google-passkey',
  'email-link-passkey',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Changes to the second factor, which the sign-in history lists beside the sign-ins (decision 044). */
export const FACTOR_CHANGES = [
  'app-on',
  'app-off',
  'recovery-codes-new',
  // Decision 045: a passkey added or removed, or refused because its counter went backwards (a copy).
  'passkey-added',
  'passkey-removed',
  'passkey-refused',
] as const;
export type FactorChange = (typeof FACTOR_CHANGES)[number];
/** API keys made and revoked (decision 046): each one can act for the account, so the history lists them too. */
export const API_KEY_CHANGES = ['api-key-created', 'api-key-revoked'] as const;
export type ApiKeyChange = (typeof API_KEY_CHANGES)[number];
export type HistoryMethod = SignInMethod | FactorChange | ApiKeyChange;
