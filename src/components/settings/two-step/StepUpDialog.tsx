import passkeysMessages from 'virtual:messages/passkeys';
import secondFactorMessages from 'virtual:messages/secondFactor';
import { type FormEvent, useId, useState } from 'react';
import { translator } from '../../../i18n/translator';
import { api, call } from '../../../lib/api';
import { errorSentence } from '../../../lib/error-sentence';
import Modal from '../../forms/Modal';
import './two-step.css';

const t = translator({ secondFactor: secondFactorMessages, passkeys: passkeysMessages });

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
    await prove(proof);
  }

  async function prove(proof: Parameters<typeof api.stepUp.$post>[0]['json']): Promise<void> {
    const result = await call(api.stepUp.$post({ json: proof }));
    if (result.ok) {
      onDone(true);
      return;
    }
    setError(await errorSentence(result));
    setBusy(false);
  }

  // One of the account's passkeys answers too (decision 045); its library loads on the press.
  async function answerWithPasskey(): Promise<void> {
    setBusy(true);
    setError(null);
    const answer = await import('../../../lib/passkey-ceremonies').then(
      (lib) => lib.answerPasskeyCheck(),
      () => ({ ok: false, cancelled: true }) as const,
    );
    if (answer.ok) return prove({ passkey: answer.data });
    setBusy(false);
    if ('cancelled' in answer) setError(t('passkeys.cancelled'));
    else setError(answer.code === 'NO_SECOND_FACTOR' ? t('passkeys.noPasskey') : await errorSentence(answer));
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
        <button type="button" className="button link" disabled={busy} onClick={() => void answerWithPasskey()}>
          {t('passkeys.useForCheck')}
        </button>
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
