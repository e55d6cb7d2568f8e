import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import errorsMessages from 'virtual:messages/errors';
import numbersMessages from 'virtual:messages/numbers';
import { translator } from '../../i18n/translator';
import { $areas, $hold, $holdSecondsLeft, $numbers, holdNumber, showArea, startHold } from '../../stores/number-hold';
import HeldNumber from './HeldNumber';

const t = translator({ errors: errorsMessages, numbers: numbersMessages });

/** Choose an area code, see its free numbers, hold one (spec §2 /reserveNumber). */
export default function ReserveNumber({ signedIn, paying }: { signedIn: boolean; paying: boolean }) {
  const areas = useStore($areas);
  const numbers = useStore($numbers);
  const hold = useStore($hold);
  const secondsLeft = useStore($holdSecondsLeft);
  const [error, setError] = useState<string | null>(null);
  const areaId = useId();
  useEffect(() => startHold(undefined), []);

  async function pick(numberId: string): Promise<void> {
    setError(null);
    const result = await holdNumber(numberId);
    if (!result.ok) setError(t(`errors.${result.code}`));
    // A paying user's pick is theirs at once: the dashboard shows it.
    else if ('owned' in result.data) window.location.assign('/dashboard');
  }

  return (
    <div className="reserve-number">
      <h1>{t('numbers.title')}</h1>
      <p className="muted">{t(paying ? 'numbers.introPaying' : 'numbers.intro')}</p>
      <HeldNumber hold={hold} secondsLeft={secondsLeft} signedIn={signedIn} offerPlans />
      <section className="card" aria-labelledby="choose-heading">
        <h2 id="choose-heading">{t('numbers.chooseHeading')}</h2>
        <div className="field">
          <label htmlFor={areaId}>{t('numbers.areaCode')}</label>
          <select id={areaId} defaultValue="" onChange={(event) => void showArea(event.target.value)} disabled={!areas}>
            <option value="" disabled>
              {areas ? t('numbers.pickArea') : t('numbers.loading')}
            </option>
            {areas?.map((area) => (
              <option key={area.areaCode} value={area.areaCode}>
                {t('numbers.areaOption', { areaCode: area.areaCode, city: area.city, region: area.region, free: area.free })}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {numbers && numbers.length === 0 && <p className="muted">{t('numbers.noneFree')}</p>}
        {numbers && numbers.length > 0 && (
          <ul className="number-list" aria-label={t('numbers.listLabel')}>
            {numbers.map((number) => (
              <li key={number.id}>
                <span className="number-display">{number.display}</span>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t(hold?.id === number.id ? 'numbers.heldLabel' : paying ? 'numbers.takeLabel' : 'numbers.holdLabel', {
                    number: number.display,
                  })}
                  disabled={hold?.id === number.id}
                  onClick={() => void pick(number.id)}
                >
                  {hold?.id === number.id ? t('numbers.heldButton') : t(paying ? 'numbers.takeButton' : 'numbers.holdButton')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
