export { pathAfterSignUp } from './routes';

// The first-run path of a new user: /welcome once after sign-up, then /onboarding's
// three steps, each skippable. Where the user is, is kept on the account (`users.setup`, written
// by GET /api/updateUserSetup?setup=…), so a reload or another device resumes it and a user who
// finished or skipped it never sees it again.

export const SETUP_STEPS = ['welcome', 'reserve-number', 'send-fax', 'add-contacts', 'complete', 'skipped'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** The steps /onboarding walks through, in order. */
export const ONBOARDING_STEPS = ['reserve-number', 'send-fax', 'add-contacts'] as const satisfies readonly SetupStep[];
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

const OVER: readonly SetupStep[] = ['complete', 'skipped'];

function isSetupStep(value: string): value is SetupStep {
  return (SETUP_STEPS as readonly string[]).includes(value);
}

/**
 * Where a signed-in user's first-run path stands, or null when it is over for them: finished,
 * skipped, or an account that was set up before there was one (`setup` null once new-user setup
 * has run). `isNewAccount`: new-user setup has not run yet (it starts the path at `welcome`).
 */
export function openSetupStep(setup: string | null, isNewAccount: boolean): SetupStep | null {
  if (setup === null) return isNewAccount ? 'welcome' : null;
  if (!isSetupStep(setup) || OVER.includes(setup)) return null;
  return setup;
}

/** The /onboarding step to show for where the user stands (the welcome leads to the first one). */
export function onboardingStepFor(step: SetupStep): OnboardingStep {
  return (ONBOARDING_STEPS as readonly SetupStep[]).includes(step) ? (step as OnboardingStep) : ONBOARDING_STEPS[0];
}

/** The step after this one: the next /onboarding step, or `complete` after the last. */
export function stepAfter(step: OnboardingStep): SetupStep {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1] ?? 'complete';
}

/** The step before this one, or null on the first. */
export function stepBefore(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) - 1] ?? null;
}
