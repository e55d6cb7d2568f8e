import alreadyHasNumber from 'virtual:message/errors.ALREADY_HAS_NUMBER';
import numberTaken from 'virtual:message/errors.NUMBER_TAKEN';
import rateLimited from 'virtual:message/errors.RATE_LIMITED';
import numbersMessages from 'virtual:messages/numbers';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { translator } from '../../i18n/translator';
import type { ApiFailure } from '../../lib/api';
import { onAttributionSaved, readStoredAttribution } from '../../lib/attribution-storage';
import { $areas, $hold, $holdSecondsLeft, $numbers, holdNumber, showArea, startHold } from '../../stores/number-hold';
import Icon from '../icons/Icon';
import { type AreaQuery, areaLabel, nearestArea, readAreaQuery } from './area-search';
import FreeNumbers from './FreeNumbers';
import HeldNumber from './HeldNumber';
import './numbers.css';

const t = translator({ numbers: numbersMessages });

// The few ways a hold fails, in the page's words; any other failure says its own message. The
// whole errors namespace would cost this visitor's page 2.4 KB (decision 032).
const HOLD_FAILURES: Partial<Record<ApiFailure['code'], string>> = {
  NUMBER_TAKEN: numberTaken,
  ALREADY_HAS_NUMBER: alreadyHasNumber,
  RATE_LIMITED: rateLimited,
};

function holdFailure(failure: ApiFailure): string {
  return HOLD_FAILURES[failure.code] ?? failure.message;
}

/** What the list shows: an area code, or a city typed that no listed area has; `near` when picked from the visitor's place. */
type Shown = { query: NonNullable<AreaQuery>; near: boolean };

/**
 * Choose an area by typing its code or city (the visitor's own preselected from where attribution
 * placed them), see its free numbers, hold one (spec §2 /reserveNumber, decision 040).
 */
export default function ReserveNumber({ signedIn, paying }: { signedIn: boolean; paying: boolean }) {
  const areas = useStore($areas);
  const numbers = useStore($numbers);
  const hold = useStore($hold);
  const secondsLeft = useStore($holdSecondsLeft);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const ids = { search: useId(), hint: useId(), areas: useId() };
  useEffect(() => startHold(undefined), []);

  // Where the visitor is may be learnt after the areas arrive (a first visit asks the server).
  const [attributionSaves, setAttributionSaves] = useState(0);
  useEffect(() => onAttributionSaved(() => setAttributionSaves((count) => count + 1)), []);

  // Once the areas and where the visitor is are known, their own area is listed, unless they already typed something.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the areas or the visitor's place arriving starts this
  useEffect(() => {
    if (!areas || shown || typed) return;
    const near = nearestArea(areas, readStoredAttribution() ?? {});
    if (!near) return;
    setTyped(areaLabel(near));
    setShown({ query: { areaCode: near.areaCode }, near: true });
    void showArea({ areaCode: near.areaCode });
  }, [areas, attributionSaves]);

  function show(words: string): void {
    const query = readAreaQuery(words, areas ?? []);
    setUnreadable(query === null);
    if (!query) return;
    setShown({ query, near: false });
    void showArea(query);
  }

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    show(typed);
  };
  const type = (words: string): void => {
    setTyped(words);
    // Picking a suggestion shows its numbers at once.
    if (areas?.some((area) => areaLabel(area) === words)) show(words);
  };

  async function pick(numberId: string): Promise<void> {
    setError(null);
    const { source, campaign, variation } = readStoredAttribution() ?? {};
    const result = await holdNumber(numberId, { source, campaign, variation });
    if (!result.ok) setError(holdFailure(result));
    // A paying user's pick is theirs at once: the dashboard shows it.
    else if ('owned' in result.data) window.location.assign('/dashboard');
  }

  // Named as the area list names it once the areas are known (a code typed before they arrived too).
  const shownQuery = shown?.query;
  const shownArea = shownQuery && 'areaCode' in shownQuery ? areas?.find((area) => area.areaCode === shownQuery.areaCode) : undefined;
  const typedLabel = shownQuery && ('areaCode' in shownQuery ? shownQuery.areaCode : shownQuery.city);
  const shownLabel = shownArea ? areaLabel(shownArea) : (typedLabel ?? null);
  const nothingFor = unreadable ? typed.trim() : shownQuery && 'city' in shownQuery && numbers?.length === 0 ? shownLabel : null;
  return (
    <div className="reserve-number">
      <h1>{t('numbers.title')}</h1>
      <p className="muted">{t(paying ? 'numbers.introPaying' : 'numbers.intro')}</p>
      <HeldNumber hold={hold} secondsLeft={secondsLeft} signedIn={signedIn} offerPlans />
      <section className="card" aria-labelledby="choose-heading">
        <h2 id="choose-heading">{t('numbers.chooseHeading')}</h2>
        <form className="field area-search" onSubmit={submit}>
          <label htmlFor={ids.search}>{t('numbers.searchLabel')}</label>
          <div className="area-search-row">
            <input
              id={ids.search}
              type="search"
              list={ids.areas}
              autoComplete="off"
              aria-describedby={ids.hint}
              value={typed}
              onChange={(event) => type(event.target.value)}
            />
            <button type="submit" className="button secondary">
              <Icon name="search" />
              <span className="area-search-button-text">{t('numbers.searchButton')}</span>
            </button>
          </div>
          <datalist id={ids.areas}>
            {areas?.map((area) => (
              <option key={area.areaCode} value={areaLabel(area)} />
            ))}
          </datalist>
          <p className="hint" id={ids.hint}>
            {shown?.near && shownArea && shownLabel === typed
              ? t('numbers.searchNear', { city: `${shownArea.city}, ${shownArea.region}` })
              : t('numbers.searchHint')}
          </p>
        </form>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="area-results" aria-live="polite">
          {nothingFor !== null ? (
            <p>{t('numbers.searchNone', { query: nothingFor })}</p>
          ) : (
            numbers?.length === 0 && <p>{t('numbers.noneFree')}</p>
          )}
        </div>
        {(nothingFor !== null || numbers?.length === 0) && areas && areas.length > 0 && (
          <ul className="area-suggestions" aria-label={t('numbers.suggestionsLabel')}>
            {areas.map((area) => (
              <li key={area.areaCode}>
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => {
                    setTyped(areaLabel(area));
                    show(areaLabel(area));
                  }}
                >
                  {areaLabel(area)}
                </button>
              </li>
            ))}
          </ul>
        )}
        {!unreadable && numbers && numbers.length > 0 && (
          <FreeNumbers numbers={numbers} label={shownLabel} heldId={hold?.id ?? null} paying={paying} onPick={(id) => void pick(id)} />
        )}
      </section>
    </div>
  );
}
