import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../worker/db/schema';
import { needsSetup, signInMethodsOf } from '../../worker/domain/account';
import { toAccountDetails } from '../../worker/views/account';

const CREATED = 1_700_000_000_000;

/** A users row as a first password sign-up leaves it, with overrides. */
function user(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    passwordHash: 'scrypt$32768$8$3$salt$hash',
    googleSubject: null,
    displayName: 'Ada Lovelace',
    personalPhone: null,
    setup: null,
    createdAt: CREATED,
    lastSignInAt: CREATED,
    setupCompletedAt: null,
    attribution: null,
    lastTouchAttribution: null,
    emailVerifiedAt: null,
    subscriptionType: null,
    subscriptionId: null,
    merchantType: null,
    creditPeriod: 0,
    defaultCreditsSend: 0,
    paidCreditsSend: 0,
    defaultCreditsReceive: 0,
    paidCreditsReceive: 0,
    deletingAt: null,
    lifetimeSendCount: 0,
    lifetimeReceiveCount: 0,
    planLevel: null,
    planTerm: null,
    trialEndsAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    mailOnFaxReceived: true,
    funnelSteps: 0,
    ...overrides,
  };
}

describe('needsSetup (spec §4)', () => {
  it.each([
    ['a new account: created at its last sign-in, setup not run', {}, true],
    ['a new account that signs in with Google', { passwordHash: null, googleSubject: '123' }, true],
    ['an account that signed in again before setup ran', { lastSignInAt: CREATED + 1 }, false],
    ['an account whose setup has run', { setupCompletedAt: CREATED + 5 }, false],
    ['an account whose setup ran and that signed in again', { setupCompletedAt: CREATED + 5, lastSignInAt: CREATED + 10 }, false],
  ])('%s → %s', (_label, overrides, expected) => {
    expect(needsSetup(user(overrides))).toBe(expected);
  });
});

describe('signInMethodsOf', () => {
  it.each([
    ['a password', { passwordHash: 'scrypt$…', googleSubject: null }, ['password']],
    ['Google only', { passwordHash: null, googleSubject: '1234567890' }, ['google']],
    ['both, password first', { passwordHash: 'scrypt$…', googleSubject: '1234567890' }, ['password', 'google']],
    ['neither', { passwordHash: null, googleSubject: null }, []],
    ['an empty hash (no password)', { passwordHash: '', googleSubject: null }, []],
  ])('%s → %j', (_label, overrides, expected) => {
    expect(signInMethodsOf(user(overrides))).toEqual(expected);
  });
});

const NO_CREDITS = {
  send: { defaultCredits: 0, paidCredits: 0 },
  receive: { defaultCredits: 0, paidCredits: 0 },
  lifetimeSendCount: 0,
  lifetimeReceiveCount: 0,
};

describe('toAccountDetails', () => {
  it('answers what the settings page shows, and nothing private', () => {
    const details = toAccountDetails(
      user({
        personalPhone: '+12125550123',
        setup: 'welcome',
        subscriptionType: 'FREE',
        subscriptionId: 'sub_secret',
        attribution: '{"source":"secret"}',
        lastSignInAt: CREATED + 1,
      }),
      // The balance is the store's (decision 023), not the users row's.
      {
        send: { defaultCredits: 10, paidCredits: 2 },
        receive: { defaultCredits: 10, paidCredits: 3 },
        lifetimeSendCount: 0,
        lifetimeReceiveCount: 0,
      },
    );
    expect(details).toEqual({
      id: 'user-1',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      personalPhone: '+12125550123',
      personalPhoneDisplay: '(212) 555-0123',
      setup: 'welcome',
      signInMethods: ['password'],
      subscriptionType: 'FREE',
      planLevel: null,
      faxCredits: { defaultCreditsSend: 10, paidCreditsSend: 2, defaultCreditsReceive: 10, paidCreditsReceive: 3 },
      createdAt: CREATED,
      lastSignInAt: CREATED + 1,
      needsSetup: false,
      mailOnFaxReceived: true,
      emailVerified: false,
      unverifiedSendsLeft: 3,
    });
    expect(JSON.stringify(details)).not.toMatch(/scrypt|sub_secret|secret/);
  });

  it.each([
    ['FREE', 'PRO', null],
    ['TRIAL', 'BASIC', 'BASIC'],
    ['PAID', 'PREMIUM', 'PREMIUM'],
    [null, null, null],
  ] as const)('names the level of a %s plan: %s → %s', (subscriptionType, planLevel, shown) => {
    expect(toAccountDetails(user({ subscriptionType, planLevel }), NO_CREDITS).planLevel).toBe(shown);
  });

  it.each([
    [null, null],
    ['+442079460958', '+44 20 7946 0958'],
  ])('shows the phone %s as %s', (personalPhone, shown) => {
    expect(toAccountDetails(user({ personalPhone }), NO_CREDITS).personalPhoneDisplay).toBe(shown);
  });
});
