import note from 'virtual:messages/numbers.note';
import { holdClock, type NumberHoldView } from '../../common/number-rules';
import { translator } from '../../i18n/translator';
import { $hold, $holdSecondsLeft, startHold } from '../../stores/number-hold';
import Icon from '../icons/Icon';
import { useSeededStore } from '../page-data/use-seeded-store';
import './numbers.css';

// Its own few words, not the picker's whole namespace: this line is on pages that show nothing else of it.
const t = translator({ numbers: { note } });

interface Props {
  /**
   * The hold the page was rendered with (page data: /upgrade, /transaction, /login), null for
   * none; undefined to read it as the island hydrates.
   */
  hold: NumberHoldView | null | undefined;
  /** The seconds it had left as the page was rendered (holdSecondsLeft), so the first paint matches. */
  secondsLeft: number;
  /** Offer to pick another number (on /upgrade; never on the payment step, where nothing should pull away). */
  change?: boolean;
}

/**
 * The number a person holds and its timer, one line, on every step between picking it and paying
 * for it: sign-up, /upgrade, /transaction (decision 040). It reads the hold store, so it counts down
 * and says so when the hold runs out. Letting the number go is /reserveNumber's, not this line's.
 */
export default function HeldNumberNote({ hold: rendered, secondsLeft: renderedSeconds, change = false }: Props) {
  const hold = useSeededStore($hold, rendered ?? null, () => startHold(rendered));
  const secondsLeft = useSeededStore($holdSecondsLeft, renderedSeconds, () => undefined);
  if (!hold) return null;
  if (secondsLeft === 0) {
    return (
      <p className="held-note expired">
        <Icon name="clock" />
        <span>{t('numbers.note.expired', { number: hold.display })}</span>
        <a href="/reserveNumber">{t('numbers.note.chooseAgain')}</a>
      </p>
    );
  }
  return (
    <p className="held-note">
      <Icon name="clock" />
      <span>{t('numbers.note.held', { number: hold.display })}</span>
      <span className="held-note-time">
        <strong className="countdown" role="timer">
          {holdClock(secondsLeft)}
        </strong>{' '}
        {t('numbers.note.left')}
      </span>
      {change && <a href="/reserveNumber">{t('numbers.note.change')}</a>}
    </p>
  );
}
