import { describe, expect, it } from 'vitest';
import {
  ONBOARDING_STEPS,
  onboardingStepFor,
  openSetupStep,
  pathAfterSignUp,
  SETUP_STEPS,
  stepAfter,
  stepBefore,
} from '../../src/common/onboarding';
import { stepActionPath } from '../../src/components/onboarding/onboarding-steps';

describe('openSetupStep', () => {
  it.each([
    // A brand-new account, before new-user setup ran: the path opens at the welcome.
    [null, true, 'welcome'],
    // Setup ran before there was a first-run path: that user never sees it.
    [null, false, null],
    ['welcome', false, 'welcome'],
    ['reserve-number', false, 'reserve-number'],
    ['send-fax', false, 'send-fax'],
    ['add-contacts', false, 'add-contacts'],
    ['complete', false, null],
    ['skipped', false, null],
    ['complete', true, null],
    // A value from an older version (or a typo in the database): never forced on anyone.
    ['choose-plan', false, null],
    ['', false, null],
  ] as const)('setup %j, new account %s → %j', (setup, isNew, expected) => {
    expect(openSetupStep(setup, isNew)).toBe(expected);
  });
});

describe('the /onboarding steps', () => {
  it('walk get a number → send a first fax → add contacts, then complete', () => {
    expect(ONBOARDING_STEPS).toEqual(['reserve-number', 'send-fax', 'add-contacts']);
    expect(stepAfter('reserve-number')).toBe('send-fax');
    expect(stepAfter('send-fax')).toBe('add-contacts');
    expect(stepAfter('add-contacts')).toBe('complete');
    expect(stepBefore('reserve-number')).toBeNull();
    expect(stepBefore('send-fax')).toBe('reserve-number');
    expect(stepBefore('add-contacts')).toBe('send-fax');
  });

  it.each(SETUP_STEPS.map((step) => [step]))('%s shows an /onboarding step', (step) => {
    const shown = onboardingStepFor(step);
    expect(ONBOARDING_STEPS).toContain(shown);
    if ((ONBOARDING_STEPS as readonly string[]).includes(step)) expect(shown).toBe(step);
    else expect(shown).toBe('reserve-number');
  });
});

describe('pathAfterSignUp', () => {
  it.each([
    [null, '/welcome'],
    [undefined, '/welcome'],
    ['', '/welcome'],
    ['/dashboard', '/welcome'],
    ['/dashboard?tab=x', '/welcome'],
    ['/dashboard/', '/welcome'],
    // Somewhere else first: the plan or number the visitor chose is not interrupted.
    ['/transaction?plan=BASIC&term=MONTH', '/transaction?plan=BASIC&term=MONTH'],
    ['/reserveNumber', '/reserveNumber'],
    ['/onboarding', '/onboarding'],
    // Off-site or unsafe targets fall back to the dashboard, so to the welcome.
    ['//evil.example', '/welcome'],
    ['https://evil.example/dashboard', '/welcome'],
    ['/login', '/welcome'],
  ])('%j → %s', (redirect, expected) => {
    expect(pathAfterSignUp(redirect)).toBe(expected);
  });
});

describe('stepActionPath', () => {
  it('leads every step to its page, the last to the phonebook now that it is built', () => {
    expect(ONBOARDING_STEPS.map(stepActionPath)).toEqual(['/reserveNumber', '/send', '/phonebook']);
  });
});
