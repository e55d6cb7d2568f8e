import type { AccountDetails } from '../../src/common/account-view';
import { UNVERIFIED_SEND_LIMIT } from '../../src/common/email-verification';
import { formatPhoneForDisplay } from '../../src/common/phone';
import type { Viewer } from '../../src/common/viewer';
import type { UserRow } from '../db/schema';
import { needsSetup, signInMethodsOf } from '../domain/account';
import type { StoreCredits } from '../domain/credits';

export type { AccountDetails };

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
