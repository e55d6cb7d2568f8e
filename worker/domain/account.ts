import type { AccountDetails } from '../../src/common/api-types';
import type { UserRow } from '../db/schema';
import { formatPhoneForDisplay } from '../../src/common/phone';

export function signInMethodsOf(user: UserRow): Array<'password' | 'google'> {
  const methods: Array<'password' | 'google'> = [];
  if (user.passwordHash) methods.push('password');
  if (user.googleSubject) methods.push('google');
  return methods;
}

/** Spec §4: a new account is one whose creation time equals its last sign-in time. */
export function needsSetup(user: UserRow): boolean {
  return user.setupCompletedAt === null && user.createdAt === user.lastSignInAt;
}

export function toAccountDetails(user: UserRow): AccountDetails {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    personalPhone: user.personalPhone,
    personalPhoneDisplay: user.personalPhone ? formatPhoneForDisplay(user.personalPhone) : null,
    setup: user.setup,
    signInMethods: signInMethodsOf(user),
    subscriptionType: user.subscriptionType,
    faxCredits: {
      defaultCreditsSend: user.defaultCreditsSend,
      paidCreditsSend: user.paidCreditsSend,
      defaultCreditsReceive: user.defaultCreditsReceive,
      paidCreditsReceive: user.paidCreditsReceive,
    },
    createdAt: user.createdAt,
    lastSignInAt: user.lastSignInAt,
    needsSetup: needsSetup(user),
    mailOnFaxReceived: user.mailOnFaxReceived,
  };
}
