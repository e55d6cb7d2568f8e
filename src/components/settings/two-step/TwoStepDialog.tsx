import secondFactorMessages from 'virtual:messages/secondFactor';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AppSetup, SecondFactorStatus } from '../../../common/second-factor-schemas';
import { translator } from '../../../i18n/translator';
import { api, call } from '../../../lib/api';
import { errorSentence } from '../../../lib/error-sentence';
import Modal from '../../forms/Modal';
import type { TwoStepAction } from '../TwoStepCard';
import RecoveryCodes from './RecoveryCodes';
import './two-step.css';

const t = translator({ secondFactor: secondFactorMessages });

export interface TwoStepDialogProps {
  action: TwoStepAction;
  /** Closed: with what changed, or null when nothing did. */
  onClose: (outcome: { status: SecondFactorStatus; message: string } | null) => void;
}

const ON: SecondFactorStatus = { app: true, recoveryCodesLeft: 10 };

/**
 * Two-step verification's dialog (decision 044): setting up the app (QR code, key, first code),
 * making new recovery codes, or turning it off; the new codes are shown once, before it closes.
 */
export default function TwoStepDialog({ action, onClose }: TwoStepDialogProps) {
  const ids = { heading: useId(), text: useId(), code: useId(), error: useId() };
  const [setup, setSetup] = useState<AppSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (action !== 'setup') return;
    void call(api.startAppSetup.$post()).then(async (result) => {
      if (result.ok) setSetup(result.data);
      else setError(await errorSentence(result));
    });
  }, [action]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setError(null);
    if (action === 'off') {
      // Six digits are the app's code; anything else is taken as a recovery code.
      const proof = /^\s*(\d\s*){6}$/.test(typed) ? { code: typed } : { recoveryCode: typed };
      const result = await call(api.removeApp.$post({ json: proof }));
      if (result.ok) {
        onClose({ status: { app: false, recoveryCodesLeft: 0 }, message: t('secondFactor.toastOff') });
        return;
      }
      setError(await errorSentence(result));
    } else {
      const result =
        action === 'setup'
          ? await call(api.confirmAppSetup.$post({ json: { code: typed } }))
          : await call(api.newRecoveryCodes.$post({ json: { code: typed } }));
      if (result.ok) setCodes(result.data.recoveryCodes);
      else setError(await errorSentence(result));
    }
    setBusy(false);
  }

  if (codes) {
    const message = action === 'setup' ? t('secondFactor.toastOn') : t('secondFactor.toastNewCodes');
    return (
      // The codes are shown once: Escape does not close them away unseen.
      <Modal labelledBy={ids.heading} describedBy={ids.text} className="two-step-dialog" onClose={() => undefined}>
        <RecoveryCodes codes={codes} headingId={ids.heading} textId={ids.text} onDone={() => onClose({ status: ON, message })} />
      </Modal>
    );
  }

  const heading = action === 'setup' ? 'setupHeading' : action === 'codes' ? 'newCodesHeading' : 'turnOffHeading';
  return (
    <Modal labelledBy={ids.heading} describedBy={ids.text} className="two-step-dialog" onClose={() => busy || onClose(null)}>
      <form method="post" action="/settings?section=security" onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
        <h2 id={ids.heading}>{t(`secondFactor.${heading}`)}</h2>
        {action === 'setup' ? (
          <SetupKey setup={setup} textId={ids.text} />
        ) : (
          <p id={ids.text}>{action === 'codes' ? t('secondFactor.newCodesText') : t('secondFactor.turnOffText')}</p>
        )}
        {error && (
          <p className="form-error" role="alert" id={ids.error}>
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor={ids.code}>{action === 'off' ? t('secondFactor.proofLabel') : t('secondFactor.setupCode')}</label>
          <input
            id={ids.code}
            name="code"
            className={action === 'off' ? undefined : 'app-code-input'}
            inputMode={action === 'off' ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="dialog-actions">
          <button type="button" className="button secondary" disabled={busy} onClick={() => onClose(null)}>
            {t('secondFactor.cancel')}
          </button>
          <button
            type="submit"
            className={action === 'off' ? 'button danger' : 'button primary'}
            disabled={busy || (action === 'setup' && !setup)}
          >
            {busy
              ? t('secondFactor.working')
              : action === 'setup'
                ? t('secondFactor.confirm')
                : action === 'codes'
                  ? t('secondFactor.newCodesConfirm')
                  : t('secondFactor.turnOff')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The QR code, drawn from the server's path in the page's own ink, and the key to type instead. */
function SetupKey({ setup, textId }: { setup: AppSetup | null; textId: string }) {
  if (!setup) {
    return (
      <p id={textId} role="status">
        {t('secondFactor.loading')}
      </p>
    );
  }
  return (
    <>
      <p id={textId}>{t('secondFactor.setupScan')}</p>
      <svg
        className="qr-code"
        viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
        role="img"
        aria-label={t('secondFactor.qrLabel')}
        shapeRendering="crispEdges"
      >
        <path d={setup.qr.path} />
      </svg>
      <p className="two-step-manual">{t('secondFactor.setupManual')}</p>
      <code className="two-step-key" data-key-uri={setup.keyUri}>
        {setup.secretText}
      </code>
    </>
  );
}
