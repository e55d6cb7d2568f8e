import cancelDialog from 'virtual:messages/billing.cancelDialog';
import errorsMessages from 'virtual:messages/errors';
import { useEffect, useId, useRef, useState } from 'react';
import type { SubscriptionView } from '../../common/billing';
import { NUMBER_GRACE_DAYS } from '../../common/number-rules';
import { formatBillingDay } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import type { ApiFailureCode } from '../../lib/api';
import { cancelSubscription } from '../../stores/subscription';
import { planName } from '../billing/plan-names';
import Icon from '../icons/Icon';

const t = translator({ billing: { cancelDialog }, errors: errorsMessages });

export interface CancelPlanDialogProps {
  open: boolean;
  subscription: SubscriptionView;
  /** Called when the dialog closes: `cancelled` once the plan was cancelled, false when kept. */
  onClose: (cancelled: boolean) => void;
}

/**
 * "Cancel plan" asks first (decision 040), in a native modal dialog that says what happens and when:
 * the day the plan ends, the number that stops and is given back, the faxes that stay, and that
 * the plan can be resumed until then. Loaded on the first click, so /settings does not carry it.
 */
export default function CancelPlanDialog({ open, subscription, onClose }: CancelPlanDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailureCode | null>(null);
  const ids = { heading: useId(), facts: useId(), error: useId() };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setError(null);
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);

  const confirm = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await cancelSubscription();
    setBusy(false);
    if (result.ok) onClose(true);
    else setError(result.code);
  };

  const end = subscription.currentPeriodEnd;
  const date = end ? formatBillingDay(end) : '';
  const number = subscription.faxNumber?.display;
  const level = subscription.planLevel ? planName(subscription.planLevel) : '';
  return (
    <dialog
      ref={dialog}
      className="dialog cancel-plan-dialog"
      aria-labelledby={ids.heading}
      aria-describedby={ids.facts}
      onClose={() => onClose(false)}
    >
      <h2 id={ids.heading}>{t('billing.cancelDialog.heading', { level })}</h2>
      <ul className="cancel-plan-facts" id={ids.facts}>
        <li>
          <Icon name="calendar" />
          {t(subscription.type === 'TRIAL' ? 'billing.cancelDialog.trialEnds' : 'billing.cancelDialog.paidEnds', { date })}
        </li>
        {number && (
          <li>
            <Icon name="phone" />
            {t('billing.cancelDialog.number', { number, days: NUMBER_GRACE_DAYS })}
          </li>
        )}
        <li>
          <Icon name="inbox" />
          {t('billing.cancelDialog.faxes')}
        </li>
        <li>
          <Icon name="rotate-ccw" />
          {t('billing.cancelDialog.resume', { date })}
        </li>
      </ul>
      {error && (
        <p className="form-error" role="alert" id={ids.error}>
          {t(`errors.${error}`)}
        </p>
      )}
      <div className="dialog-actions">
        {/* biome-ignore lint/a11y/noAutofocus: a dialog that destroys something opens on its safe choice */}
        <button type="button" className="button secondary" autoFocus disabled={busy} onClick={() => dialog.current?.close()}>
          {t('billing.cancelDialog.keep')}
        </button>
        <button type="button" className="button danger" disabled={busy} onClick={() => void confirm()}>
          {busy ? t('billing.cancelDialog.cancelling') : t('billing.cancelDialog.confirm')}
        </button>
      </div>
    </dialog>
  );
}
