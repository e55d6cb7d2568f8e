import navMessages from 'virtual:messages/nav';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';

const t = translator({ nav: navMessages });

interface Props {
  text: string;
  /** What the button is called, e.g. "Copy your fax number". */
  label: string;
  look?: 'icon' | 'text';
}

/** CopyButton.astro's twin for islands: the page's inline listener (src/lib/copy-buttons.ts) copies. */
export default function CopyButton({ text, label, look = 'icon' }: Props) {
  return (
    <button
      type="button"
      className={`button copy-button ${look === 'icon' ? 'ghost small icon-only' : 'secondary small'}`}
      data-copy={text}
      data-copied-words={t('nav.copied')}
      data-copy-failed-words={t('nav.copyFailed')}
      aria-label={look === 'icon' ? label : undefined}
      title={label}
    >
      <Icon name="copy" className="copy-idle" />
      <Icon name="check" className="copy-done" />
      {look === 'text' && <span>{label}</span>}
    </button>
  );
}
