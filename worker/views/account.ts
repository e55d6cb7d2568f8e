import { UNVERIFIED_SEND_LIMIT } from '../../src/common/email-verification';
import { formatPhoneForDisplay } from '../../src/common/phone';
import type { Viewer } from '../../src/common/viewer';
import type { UserRow } from '../db/schema';
import { needsSetup, signInMethodsOf } from '../domain/account';
import type { StoreCredits } from '../domain/credits';

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

/** Who is signed in, as pages and the session calls show it. */
export function toViewer(user: UserRow): Viewer {
  return { id: user.id, email: user.email, displayName: user.displayName };
}

/** The account, with the credits and counts its store holds (decision 023). */
export function toAccountDetails(user: UserRow, credits: StoreCredits): AccountDetails {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    personalPhone: user.personalPhone,
    personalPhoneDisplay: user.personalPhone ? formatPhoneForDisplay(user.personalPhone) : null,
    setup: user.setup,
    signInMethods: signInMethodsOf(user),
    subscriptionType: user.subscriptionType,
    planLevel: user.subscriptionType === 'TRIAL' || user.subscriptionType === 'PAID' ? user.planLevel : null,
    faxCredits: {
      defaultCreditsSend: credits.send.defaultCredits,
      paidCreditsSend: credits.send.paidCredits,
      defaultCreditsReceive: credits.receive.defaultCredits,
      paidCreditsReceive: credits.receive.paidCredits,
    },
    createdAt: user.createdAt,
    lastSignInAt: user.lastSignInAt,
    needsSetup: needsSetup(user),
    mailOnFaxReceived: user.mailOnFaxReceived,
    emailVerified: user.emailVerifiedAt !== null,
    unverifiedSendsLeft: user.emailVerifiedAt === null ? Math.max(0, UNVERIFIED_SEND_LIMIT - credits.lifetimeSendCount) : null,
  };
}
