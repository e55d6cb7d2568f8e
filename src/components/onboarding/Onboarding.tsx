import onboardingMessages from 'virtual:messages/onboarding';
import { type MouseEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ONBOARDING_STEPS, type OnboardingStep, type SetupStep, stepAfter, stepBefore } from '../../common/onboarding';
import { formatOwnNumber } from '../../common/phone-text';
import { translator } from '../../i18n/translator';
import { saveSetupStep } from '../../stores/onboarding';
import Icon from '../icons/Icon';
import { stepActionPath, stepNumber } from './onboarding-steps';
import './onboarding.css';

const t = translator({ onboarding: onboardingMessages });

interface Props {
  /** The step the account is at, as the page was rendered. */
  initialStep: OnboardingStep;
  /** The user's own fax number (E.164), or null: the first step then says it is done already. */
  faxNumber: string | null;
}

function isOnboardingStep(step: SetupStep): step is OnboardingStep {
  return (ONBOARDING_STEPS as readonly SetupStep[]).includes(step);
}

/**
 * /onboarding: the three first-run steps, one at a time. Every move is saved on the account before
 * it shows, so a reload resumes where the user is; taking a step's action counts it as done.
 */
export default function Onboarding({ initialStep, faxNumber }: Props) {
  const [step, setStep] = useState<OnboardingStep>(initialStep);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /** Saves `next`; answers whether it was saved. */
  async function save(next: SetupStep): Promise<boolean> {
    setBusy(true);
    setError(null);
    const result = await saveSetupStep(next);
    setBusy(false);
    if (!result.ok) setError(t('onboarding.saveFailed', { reason: result.message }));
    return result.ok;
  }

  async function moveTo(next: SetupStep): Promise<void> {
    if (!(await save(next))) return;
    if (isOnboardingStep(next)) {
      // Focus goes to the new step's heading, so a screen reader hears where the user now is.
      flushSync(() => setStep(next));
      heading.current?.focus();
    } else {
      window.location.assign('/dashboard');
    }
  }

  async function takeAction(event: MouseEvent<HTMLAnchorElement>, path: string): Promise<void> {
    event.preventDefault();
    // Going to do it counts as done: coming back resumes at the next step. A failed save must not
    // keep the user from the page they asked for; it only means this step shows again.
    await save(stepAfter(step));
    window.location.assign(path);
  }

  const number = stepNumber(step);
  const total = ONBOARDING_STEPS.length;
  const action = stepActionPath(step);
  const last = stepAfter(step) === 'complete';
  const back = stepBefore(step);
  const hasNumber = step === 'reserve-number' && faxNumber !== null;
  const text = hasNumber
    ? t('onboarding.steps.reserve-number.textHasNumber', { number: formatOwnNumber(faxNumber) })
    : t(`onboarding.steps.${step}.text`);

  return (
    <div className="onboarding">
      <h1>{t('onboarding.heading')}</h1>
      <ol className="onboarding-progress" aria-label={t('onboarding.progressLabel')}>
        {ONBOARDING_STEPS.map((each, index) => {
          const state = index + 1 < number ? 'done' : index + 1 === number ? 'current' : 'todo';
          // The step's figure is drawn by the stylesheet (a counter) and a done step's tick is an
          // icon: each item's words are its name alone, so the three never read as one run of text.
          return (
            <li key={each} className={state} aria-current={state === 'current' ? 'step' : undefined}>
              {state === 'done' && <Icon name="check" className="onboarding-tick" />}
              <span>
                {t(`onboarding.steps.${each}.name`)}
                {state === 'done' && <span className="visually-hidden"> {t('onboarding.stepDoneNote')}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <section className="card onboarding-step" aria-labelledby="onboarding-step-heading">
        <p className="muted">{t('onboarding.stepOf', { step: number, total })}</p>
        <h2 id="onboarding-step-heading" ref={heading} tabIndex={-1}>
          {t(`onboarding.steps.${step}.name`)}
        </h2>
        <p>{text}</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          {action && !hasNumber && (
            <a
              className="button primary"
              href={action}
              onClick={(event) => void takeAction(event, action)}
              aria-disabled={busy || undefined}
            >
              {t(`onboarding.steps.${step}.action`)}
            </a>
          )}
          <button
            type="button"
            className={`button ${action && !hasNumber ? 'secondary' : 'primary'}`}
            disabled={busy}
            onClick={() => void moveTo(stepAfter(step))}
          >
            {last ? t('onboarding.finish') : hasNumber ? t('onboarding.next') : t('onboarding.skipStep')}
          </button>
          {back && (
            <button type="button" className="button secondary" disabled={busy} onClick={() => void moveTo(back)}>
              {t('onboarding.back')}
            </button>
          )}
        </div>
      </section>
      <p>
        <button type="button" className="button link inline-link" disabled={busy} onClick={() => void moveTo('skipped')}>
          {t('onboarding.skipAll')}
        </button>
      </p>
      <p className="muted" role="status">
        {busy ? t('onboarding.saving') : ''}
      </p>
    </div>
  );
}
