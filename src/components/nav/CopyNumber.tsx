import { useState } from 'react';
import navMessages from 'virtual:messages/nav';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';

const t = translator({ nav: navMessages });

interface Props {
  /** What is copied: the number as people dial it, e.g. (212) 555-0123. */
  number: string;
  /** `icon`: a small square button; `text`: a button that says "Copy". */
  look?: 'icon' | 'text';
  /** With `text`: a shorter word than "Copy your fax number" where the number stands beside it. */
  label?: string;
}

/** Copies the user's fax number, says "Copied" for a moment, and announces it. */
export default function CopyNumber({ number, look = 'icon', label }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(number);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  const said = state === 'copied' ? t('nav.copied') : state === 'failed' ? t('nav.copyFailed') : '';
  return (
    <>
      <button
        type="button"
        className={look === 'icon' ? 'button ghost small icon-only copy-number' : 'button secondary small copy-number'}
        title={t('nav.copyNumber')}
        aria-label={look === 'icon' ? t('nav.copyNumber') : undefined}
        onClick={() => void copy()}
      >
        <Icon name={state === 'copied' ? 'check' : 'copy'} />
        {look === 'text' && (state === 'copied' ? t('nav.copied') : (label ?? t('nav.copyNumber')))}
      </button>
      <span className="visually-hidden" role="status">
        {said}
      </span>
    </>
  );
}
