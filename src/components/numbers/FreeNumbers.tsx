import numbersMessages from 'virtual:messages/numbers';
import type { FaxNumberView } from '../../common/number-rules';
import { translator } from '../../i18n/translator';

const t = translator({ numbers: numbersMessages });

interface Props {
  numbers: FaxNumberView[];
  /** What the list is of, "415 · San Francisco, CA", or null. */
  label: string | null;
  heldId: string | null;
  /** A user whose plan is on takes a number at once rather than holding it. */
  paying: boolean;
  onPick: (numberId: string) => void;
}

/** The free numbers of the area shown, each with its Hold (or Make it mine) button. */
export default function FreeNumbers({ numbers, label, heldId, paying, onPick }: Props) {
  return (
    <ul className="number-list" aria-label={label ? `${t('numbers.listLabel')}: ${label}` : t('numbers.listLabel')}>
      {numbers.map((number) => (
        <li key={number.id}>
          <span className="number-display">{number.display}</span>
          <button
            type="button"
            className="button secondary small"
            aria-label={t(heldId === number.id ? 'numbers.heldLabel' : paying ? 'numbers.takeLabel' : 'numbers.holdLabel', {
              number: number.display,
            })}
            disabled={heldId === number.id}
            onClick={() => onPick(number.id)}
          >
            {heldId === number.id ? t('numbers.heldButton') : t(paying ? 'numbers.takeButton' : 'numbers.holdButton')}
          </button>
        </li>
      ))}
    </ul>
  );
}
