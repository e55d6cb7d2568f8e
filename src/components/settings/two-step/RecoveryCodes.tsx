import secondFactorMessages from 'virtual:messages/secondFactor';
import { useState } from 'react';
import { translator } from '../../../i18n/translator';

const t = translator({ secondFactor: secondFactorMessages });

interface Props {
  codes: string[];
  headingId: string;
  textId: string;
  onDone: () => void;
}

/** The ten recovery codes, shown this once, with a way to copy them all. */
export default function RecoveryCodes({ codes, headingId, textId, onDone }: Props) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <h2 id={headingId}>{t('secondFactor.codesHeading')}</h2>
      <p id={textId}>{t('secondFactor.codesIntro')}</p>
      <ol className="recovery-codes" aria-label={t('secondFactor.codesListLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="dialog-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
          }}
        >
          {copied ? t('secondFactor.copied') : t('secondFactor.copyCodes')}
        </button>
        <button type="button" className="button primary" onClick={onDone}>
          {t('secondFactor.codesDone')}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {copied ? t('secondFactor.copied') : ''}
      </p>
    </>
  );
}
