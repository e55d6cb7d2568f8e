import { ONBOARDING_STEPS, type OnboardingStep } from '../../common/onboarding';
import { isRouteBuilt } from '../../common/routes';

// What each first-run step offers to do: get a number, send a first fax, add contacts.

export const STEP_ACTION_PATHS: Record<OnboardingStep, string> = {
  'reserve-number': '/reserveNumber',
  'send-fax': '/send',
  'add-contacts': '/phonebook',
};

/** The page a step's action opens, or null while that page is not built yet (a `planned` route). */
export function stepActionPath(step: OnboardingStep): string | null {
  const path = STEP_ACTION_PATHS[step];
  return isRouteBuilt(path) ? path : null;
}

/** 1-based place of a step, as "Step 2 of 3" says it. */
export function stepNumber(step: OnboardingStep): number {
  return ONBOARDING_STEPS.indexOf(step) + 1;
}
