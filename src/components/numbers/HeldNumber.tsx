import numbersMessages from 'virtual:messages/numbers';
import { holdClock, type NumberHoldView } from '../../common/number-rules';
import { translator } from '../../i18n/translator';
import { releaseHold } from '../../stores/number-hold';
import './numbers.css';

const t = translator({ numbers: numbersMessages });

interface Props {
  hold: NumberHoldView | null;
  secondsLeft: number;
  signedIn: boolean;
  offerPlans?: boolean;
}

/**
 * The caller's hold with its countdown, and what comes next: signing up, or (where the plans are
 * not already on the page) choosing a plan.
 */
export default function HeldNumber({ hold, secondsLeft, signedIn, offerPlans = false }: Props) {
  if (!hold) return null;
  if (secondsLeft === 0) {
    return (
      <section className="card held-number" aria-labelledby="held-heading">
        <h2 id="held-heading">{t('numbers.expiredHeading')}</h2>
        <p>{t('numbers.expiredText', { number: hold.display })}</p>
      </section>
    );
  }
  return (
    <section className="card held-number" aria-labelledby="held-heading">
      <h2 id="held-heading">{t('numbers.heldHeading', { number: hold.display })}</h2>
      <p>
        {t('numbers.heldFor')} <strong className="countdown">{holdClock(secondsLeft)}</strong>
      </p>
      <p className="muted">{signedIn ? t('numbers.heldSignedIn') : t('numbers.heldSignedOut')}</p>
      {/* Letting the number go is here, where another can be picked; never on the payment step (decision 040). */}
      <div className="button-row">
        {signedIn ? (
          offerPlans && (
            <a className="button primary" href="/upgrade">
              {t('numbers.choosePlan')}
            </a>
          )
        ) : (
          <a className="button primary" href={`/login?mode=signup&redirect=${encodeURIComponent('/reserveNumber')}`}>
            {t('numbers.createAccount')}
          </a>
        )}
        <button type="button" className="button ghost" onClick={() => void releaseHold()}>
          {t('numbers.release')}
        </button>
      </div>
    </section>
  );
}
