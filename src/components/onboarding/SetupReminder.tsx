import { ONBOARDING_STEPS, onboardingStepFor, type SetupStep } from '../../common/onboarding';
import onboardingMessages from 'virtual:messages/onboarding';
import { translator } from '../../i18n/translator';
import { stepNumber } from './onboarding-steps';

const t = translator({ onboarding: onboardingMessages });

/** On the dashboard while the first-run path is open: where the user is, and the way back to it. */
export default function SetupReminder({ step }: { step: SetupStep }) {
  const current = onboardingStepFor(step);
  return (
    <section className="card setup-reminder" aria-labelledby="setup-reminder-heading">
      <h2 id="setup-reminder-heading">{t('onboarding.reminderHeading')}</h2>
      <p>
        {t('onboarding.reminderText', {
          step: stepNumber(current),
          total: ONBOARDING_STEPS.length,
          name: t(`onboarding.steps.${current}.name`),
        })}
      </p>
      <a className="button primary" href="/onboarding">
        {t('onboarding.reminderContinue')}
      </a>
    </section>
  );
}
