import deletionMessages from 'virtual:messages/deletion';
import errorsMessages from 'virtual:messages/errors';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { SubscriptionView } from '../../common/billing';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { expectSessionEnd } from '../../stores/session';
import { askForSecondFactor } from '../../stores/step-up';
import { $subscription } from '../../stores/subscription';
import { planName } from '../billing/plan-names';
import './account-deletion.css';

const t = translator({ deletion: deletionMessages, errors: errorsMessages });

/** What deleting stops besides the data: a running trial or plan, and the user's number. */
function stopsToo(plan: SubscriptionView | null): string[] {
  if (!plan) return [];
  const level = plan.planLevel ? planName(plan.planLevel) : null;
  const lines = [];
  if (level && plan.type === 'TRIAL') lines.push(t('deletion.stopsTrial', { level }));
  if (level && plan.type === 'PAID') lines.push(t('deletion.stopsPlan', { level }));
  if (plan.faxNumber) lines.push(t('deletion.stopsNumber', { number: plan.faxNumber.display }));
  return lines;
}

/**
 * "Delete my account": a modal dialog asks the user to type DELETE, then the deletion starts and
 * the page goes to /account_delete/{jobId}, which follows it live. Starting it signs the user out
 * everywhere at once, so this page's own session ends before it leaves.
 */
export default function DeleteAccountButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The plan as this page knows it, else as the server says when the dialog opens.
  const [plan, setPlan] = useState<SubscriptionView | null>(null);
  const ids = { heading: useId(), text: useId(), input: useId(), error: useId() };
  const confirmed = typed.trim() === t('deletion.confirmWord');

  function open(): void {
    setTyped('');
    setError(null);
    const known = $subscription.get();
    setPlan(known);
    if (!known) void call(api.checkSubscriptionStatus.$get()).then((result) => result.ok && setPlan(result.data.subscription));
    dialog.current?.showModal();
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    setError(null);
    const release = expectSessionEnd();
    let result = await call(api.fullAccountDelete.$get());
    // Two-step verification proved too long ago (decision 044): the code, then the deletion again.
    if (!result.ok && result.code === 'STEP_UP_REQUIRED' && (await askForSecondFactor())) result = await call(api.fullAccountDelete.$get());
    if (result.ok) {
      window.location.assign(`/account_delete/${encodeURIComponent(result.data.jobId)}`);
      return;
    }
    release();
    setBusy(false);
    setError(t(`errors.${result.code}`));
  }

  return (
    <>
      <button type="button" className="button danger" onClick={open}>
        {t('deletion.open')}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={ids.heading} aria-describedby={ids.text} onClose={() => setTyped('')}>
        <form onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
          <h2 id={ids.heading}>{t('deletion.dialogHeading')}</h2>
          <div id={ids.text}>
            <p>{t('deletion.dialogText')}</p>
            {stopsToo(plan).length > 0 && (
              <ul className="deletion-stops">
                {stopsToo(plan).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
          {error && (
            <p className="form-error" role="alert" id={ids.error}>
              {error}
            </p>
          )}
          <div className="field">
            <label htmlFor={ids.input}>{t('deletion.confirmLabel')}</label>
            <input
              id={ids.input}
              name="confirm"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
          </div>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => dialog.current?.close()} disabled={busy}>
              {t('deletion.cancel')}
            </button>
            <button type="submit" className="button danger" disabled={!confirmed || busy}>
              {busy ? t('deletion.starting') : t('deletion.confirm')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
