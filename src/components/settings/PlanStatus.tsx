import billingMessages from 'virtual:messages/billing';
import errorsMessages from 'virtual:messages/errors';
import { type ComponentType, useEffect, useId, useRef, useState } from 'react';
import type { SubscriptionView } from '../../common/billing';
import { formatCents } from '../../common/plan-rules';
import { formatBillingDay } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import type { ApiFailureCode } from '../../lib/api';
import { resumeSubscription } from '../../stores/subscription';
import PaymentProblem from '../billing/PaymentProblem';
import { planName } from '../billing/plan-names';
import type { CancelPlanDialogProps } from './CancelPlanDialog';
import ChangeCard from './ChangeCard';

const t = translator({ billing: billingMessages, errors: errorsMessages });

/** What the plan costs and when, in the customer's words: a trial is $0.00 today, then the price from its end. */
function termsLine(subscription: SubscriptionView): string | null {
  const { priceCents, planTerm, type } = subscription;
  const end = type === 'TRIAL' ? subscription.trialEndsAt : subscription.currentPeriodEnd;
  if (priceCents === null || !planTerm || !end) return null;
  const money = { price: formatCents(priceCents), per: t(`billing.per${planTerm}`), date: formatBillingDay(end) };
  return type === 'TRIAL' ? t('billing.trialLine', { today: formatCents(0), ...money }) : t('billing.paidLine', money);
}

/** The plan's status, its price and dates; cancel asks first (a dialog loaded on first need), resume until the end. */
export default function PlanStatus({ subscription }: { subscription: SubscriptionView }) {
  const [Dialog, setDialog] = useState<ComponentType<CancelPlanDialogProps> | null>(null);
  const [asking, setAsking] = useState(false);
  const [justCancelled, setJustCancelled] = useState(false);
  const [resuming, setResuming] = useState(false);
  const [resumed, setResumed] = useState(false);
  const [error, setError] = useState<ApiFailureCode | null>(null);
  const resumeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const endsId = useId();
  const end = subscription.currentPeriodEnd;
  const cancelled = subscription.cancelAtPeriodEnd && end !== null;

  // The button that opened the dialog is gone once the plan is cancelled: focus goes to its way back.
  useEffect(() => {
    if (justCancelled && cancelled) resumeButton.current?.focus();
  }, [justCancelled, cancelled]);
  useEffect(() => {
    if (resumed && !cancelled) cancelButton.current?.focus();
  }, [resumed, cancelled]);

  if (subscription.type === 'FREE' || !subscription.planLevel) {
    return (
      <p>
        {t('billing.free')} <a href="/upgrade">{t('billing.upgrade')}</a>
      </p>
    );
  }
  const askToCancel = (): void => {
    setError(null);
    setResumed(false);
    setAsking(true);
    if (!Dialog) void import('./CancelPlanDialog').then((module) => setDialog(() => module.default));
  };
  const resume = async (): Promise<void> => {
    if (!subscription.subscriptionId) return;
    setResuming(true);
    setError(null);
    const result = await resumeSubscription(subscription.subscriptionId);
    setResuming(false);
    setJustCancelled(false);
    if (result.ok) setResumed(true);
    else setError(result.code);
  };
  const terms = termsLine(subscription);
  const number = subscription.faxNumber?.display;
  return (
    <>
      <p className="plan-line">
        {t('billing.planLine', { level: planName(subscription.planLevel), type: t(`billing.type${subscription.type}`) })}
      </p>
      <PaymentProblem subscription={subscription} />
      {number && <p>{t('billing.yourNumber', { number })}</p>}
      {cancelled ? (
        <div className="plan-cancelled" id={endsId}>
          <p className="plan-ends">{t('billing.cancelledLine', { date: formatBillingDay(end) })}</p>
          <p className="muted">{number ? t('billing.cancelledTextNumber', { number }) : t('billing.cancelledText')}</p>
          <button
            type="button"
            ref={resumeButton}
            className="button primary"
            aria-describedby={endsId}
            disabled={resuming}
            onClick={() => void resume()}
          >
            {resuming ? t('billing.resuming') : t('billing.resume')}
          </button>
        </div>
      ) : (
        <>
          {terms && <p className="plan-terms">{terms}</p>}
          <button type="button" ref={cancelButton} className="button secondary" onClick={askToCancel}>
            {t('billing.cancel')}
          </button>
        </>
      )}
      <p className="form-done" role="status">
        {resumed && !cancelled && end ? t('billing.resumed', { date: formatBillingDay(end) }) : ''}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {t(`errors.${error}`)}
        </p>
      )}
      {Dialog && (
        <Dialog
          open={asking}
          subscription={subscription}
          onClose={(done) => {
            setAsking(false);
            if (done) setJustCancelled(true);
          }}
        />
      )}
      <ChangeCard subscription={subscription} />
    </>
  );
}
