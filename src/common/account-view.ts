import type { HistoryMethod } from './sign-in-link';

// The account as its owner sees it, the same shape on both sides: the Worker answers it (GET
// /api/account, the profile calls, the page context) and the pages show it.

/** The account as the settings page shows it (GET /api/account, setupNewUser and the profile calls). */
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
  /** The paying plan's level (BASIC, PREMIUM, PRO); null while FREE. */
  planLevel: 'BASIC' | 'PREMIUM' | 'PRO' | null;
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
  /** Whether the account's address is confirmed (a link followed, Google, a password reset); until then sending is limited. */
  emailVerified: boolean;
  /** Faxes the account may still send before its address is confirmed; null once it is. */
  unverifiedSendsLeft: number | null;
}

/** One sign-in as settings lists it (GET /api/loginHistory). */
export interface LoginHistoryEntry {
  at: number;
  method: HistoryMethod;
  ip: string | null;
  device: string | null;
  country: string | null;
}
