import errorsMessages from 'virtual:messages/errors';
import transactionMessages from 'virtual:messages/transaction';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CardInput, PaymentsConfig } from '../../common/billing';
import type { NumberHoldView } from '../../common/numbers';
import { formatCents, type PlanLevel, type PlanTerm } from '../../common/plan-rules';
import type { OptionsView } from '../../common/plans';
import { translator } from '../../i18n/translator';
import { $checkoutStatus, answerChallenge, pay } from '../../stores/checkout';
import { $hold, $holdSecondsLeft, startHold } from '../../stores/number-hold';
import { $plansState, renderedPlans, startPlans } from '../../stores/plans';
import { runStripeChallenge } from '../../stores/stripe-card';
import { useSeededStore } from '../page-data/use-seeded-store';
import CardForm from './CardForm';
import ChallengeStep from './ChallengeStep';
import OrderSummary, { chosenPlan } from './OrderSummary';
import PaymentTrust from './PaymentTrust';
import StripeCardForm from './StripeCardForm';
import './transaction.css';

const t = translator({ errors: errorsMessages, transaction: transactionMessages });

interface Props {
  plan: PlanLevel;
  term: PlanTerm;
  /** The server's processor: our card form (local) or Stripe Elements. */
  payments: PaymentsConfig;
  /** The plans and the user's hold as the page was rendered, with the seconds it had left then. */
  rendered: { options: OptionsView; hold: NumberHoldView | null; secondsLeft: number } | null;
}

/**
 * /transaction (spec §2): the order with the held number and its timer beside the card (one column
 * on a phone), the bank's challenge, the outcome. Nothing here lets the number go (decision 040).
 */
export default function Transaction({ plan: level, term, payments, rendered }: Props) {
  const plans = useSeededStore($plansState, renderedPlans(rendered?.options ?? null), () => startPlans(rendered?.options ?? null));
  const hold = useSeededStore($hold, rendered?.hold ?? null, () => startHold(rendered ? rendered.hold : undefined));
  const secondsLeft = useSeededStore($holdSecondsLeft, rendered?.secondsLeft ?? 0, () => undefined);
  const plan = chosenPlan(plans, level, term);
  const status = useStore($checkoutStatus);

  useEffect(() => {
    if (status.kind === 'succeeded') window.location.assign('/dashboard');
  }, [status.kind]);

  const onPay = (card: CardInput): void => void pay(level, term, { card });
  const onPayWithStripe = (paymentMethodId: string): void => void pay(level, term, { paymentMethodId }, runStripeChallenge);
  const busy = status.kind === 'paying' || status.kind === 'succeeded';
  const failure = status.kind === 'failed' ? status.code : null;
  // Only said when there is a live hold: a user paying without one has no number waiting.
  const sayHoldKept = failure !== null && hold !== null && secondsLeft > 0;
  const trust = <PaymentTrust processor={payments.processor} />;

  return (
    <div className="transaction">
      <h1>{t('transaction.title')}</h1>
      {plan === undefined ? (
        <p className="muted">{t('transaction.loading')}</p>
      ) : plan === null ? (
        <p className="form-error" role="alert">
          {t('transaction.planUnavailable')} <a href="/upgrade">{t('transaction.backToPlans')}</a>
        </p>
      ) : (
        <div className="checkout">
          <OrderSummary plan={plan} hold={rendered ? rendered.hold : undefined} secondsLeft={rendered?.secondsLeft ?? 0} />
          <div className="checkout-pay">
            {failure && (
              <div className="form-error" role="alert">
                <p>{t(`errors.${failure}`)}</p>
                {sayHoldKept && <p>{t('transaction.holdKept', { number: hold.display })}</p>}
              </div>
            )}
            {status.kind === 'challenge' && status.external ? (
              <p className="card challenge" role="status">
                {t('transaction.bankChecking')}
              </p>
            ) : status.kind === 'challenge' ? (
              <ChallengeStep answering={status.answering} onAnswer={(approve) => void answerChallenge(approve)} />
            ) : payments.processor === 'stripe' ? (
              <StripeCardForm plan={plan} publishableKey={payments.publishableKey} busy={busy} onPay={onPayWithStripe}>
                {trust}
              </StripeCardForm>
            ) : (
              <CardForm
                submitLabel={
                  plan.trialDays !== null
                    ? t('transaction.startTrial', { days: plan.trialDays })
                    : t('transaction.pay', { price: formatCents(plan.priceCents) })
                }
                note={plan.trialDays !== null ? t('transaction.trialCardNote', { days: plan.trialDays }) : null}
                busy={busy}
                onPay={onPay}
              >
                {trust}
              </CardForm>
            )}
            {status.kind === 'succeeded' && <p role="status">{t('transaction.succeeded')}</p>}
          </div>
        </div>
      )}
    </div>
  );
}
