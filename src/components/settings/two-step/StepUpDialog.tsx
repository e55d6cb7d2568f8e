import secondFactorMessages from 'virtual:messages/secondFactor';
import { type FormEvent, useId, useState } from 'react';
import { translator } from '../../../i18n/translator';
import { api, call } from '../../../lib/api';
import { errorSentence } from '../../../lib/error-sentence';
import Modal from '../../forms/Modal';
import './two-step.css';

const t = translator({ secondFactor: secondFactorMessages });

export interface StepUpDialogProps {
  /** True once the code was taken; false when the person cancelled. */
  onDone: (proved: boolean) => void;
}

/** "Confirm it's you": a code from the app, or a recovery code, before a sensitive change (decision 044). */
export default function StepUpDialog({ onDone }: StepUpDialogProps) {
  const ids = { heading: useId(), text: useId(), code: useId(), error: useId() };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setError(null);
    // Six digits are the app's code; anything else is taken as a recovery code.
    const proof = /^\s*(\d\s*){6}$/.test(typed) ? { code: typed } : { recoveryCode: typed };
    const result = await call(api.stepUp.$post({ json: proof }));
    if (result.ok) {
      onDone(true);
      return;
    }
    setError(await errorSentence(result));
    setBusy(false);
  }

  return (
    <Modal labelledBy={ids.heading} describedBy={ids.text} className="two-step-dialog" onClose={() => busy || onDone(false)}>
      <form method="post" action="/settings?section=security" onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
        <h2 id={ids.heading}>{t('secondFactor.stepUpHeading')}</h2>
        <p id={ids.text}>{t('secondFactor.stepUpText')}</p>
        {error && (
          <p className="form-error" role="alert" id={ids.error}>
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor={ids.code}>{t('secondFactor.proofLabel')}</label>
          <input
            id={ids.code}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="dialog-actions">
          <button type="button" className="button secondary" disabled={busy} onClick={() => onDone(false)}>
            {t('secondFactor.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t('secondFactor.working') : t('secondFactor.stepUpConfirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
