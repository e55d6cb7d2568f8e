import developersMessages from 'virtual:messages/developers';
import { useId, useState } from 'react';
import type { CreatedApiKey } from '../../common/api-key-rules';
import { translator } from '../../i18n/translator';
import { forgetNewApiKey } from '../../stores/api-keys';
import Modal from '../forms/Modal';

const t = translator({ developers: developersMessages });

/** The key just made, shown this once with a Copy button; closing forgets it. */
export default function NewApiKeyDialog({ created }: { created: CreatedApiKey }) {
  const ids = { heading: useId(), text: useId(), key: useId() };
  const [copied, setCopied] = useState(false);

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the key stays selected to copy by hand.
      (document.getElementById(ids.key) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <Modal labelledBy={ids.heading} describedBy={ids.text} className="api-key-dialog" onClose={forgetNewApiKey}>
      <h2 id={ids.heading}>{t('developers.createdHeading')}</h2>
      <p id={ids.text}>{t('developers.createdText')}</p>
      <div className="field">
        <label htmlFor={ids.key}>{t('developers.keyLabel')}</label>
        <input id={ids.key} className="api-key-secret" readOnly value={created.secret} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <p className="hint" role="status">
        {copied ? t('developers.copied') : ''}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={() => void copy()}>
          {t('developers.copy')}
        </button>
        <button type="button" className="button primary" onClick={forgetNewApiKey}>
          {t('developers.done')}
        </button>
      </div>
    </Modal>
  );
}
