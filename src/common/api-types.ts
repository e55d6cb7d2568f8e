import type { Viewer } from './viewer';

// Success bodies of the API, shared by worker/api and the browser's client.
export interface SignedInResponse {
  user: Viewer;
}

/** POST /api/login with a Google token; `created`: this sign-in made the account (201). */
export interface GoogleSignedInResponse extends SignedInResponse {
  created: boolean;
}

/** POST /api/devGoogleToken (dev tools only): a Google-style ID token from the local stand-in. */
export interface DevGoogleTokenResponse {
  credential: string;
}

export interface VerifyAuthResponse {
  user: Viewer;
  /** Opens /api/live for about a minute. */
  customToken: string;
  /** A new account whose setup has not run: the page calls setupNewUser (spec §4). */
  needsSetup: boolean;
}

export interface SignedOutResponse {
  signedOut: true;
}

/** The account as the settings page shows it (GET /api/account, setupNewUser). */
export interface AccountDetails {
  id: string;
  email: string;
  displayName: string | null;
  /** E.164, or null. */
  personalPhone: string | null;
  /** (212) 555-0123 for a US number. */
  personalPhoneDisplay: string | null;
  setup: string | null;
  signInMethods: Array<'password' | 'google'>;
  subscriptionType: 'FREE' | 'TRIAL' | 'PAID' | null;
  faxCredits: {
    defaultCreditsSend: number;
    paidCreditsSend: number;
    defaultCreditsReceive: number;
    paidCreditsReceive: number;
  };
  createdAt: number;
  lastSignInAt: number;
  /** Spec §4: creation time equals last sign-in time and setup has not run yet. */
  needsSetup: boolean;
  /** Whether a mail tells the user that a fax has arrived. */
  mailOnFaxReceived: boolean;
}

export interface LoginHistoryEntry {
  at: number;
  method: 'password' | 'google';
  ip: string | null;
  device: string | null;
  country: string | null;
}
