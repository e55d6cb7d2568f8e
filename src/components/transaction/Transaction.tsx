import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CardInput, PaymentsConfig } from '../../common/billing';
import { formatCents, type PlanLevel, type PlanTerm } from '../../common/plan-rules';
import errorsMessages from 'virtual:messages/errors';
import transactionMessages from 'virtual:messages/transaction';
import { translator } from '../../i18n/translator';
import { $checkoutStatus, answerChallenge, pay } from '../../stores/checkout';
import { $hold, $holdSecondsLeft } from '../../stores/number-hold';
import { runStripeChallenge } from '../../stores/stripe-card';
import HeldNumber from '../numbers/HeldNumber';
import CardForm from './CardForm';
import ChallengeStep from './ChallengeStep';
import OrderSummary, { useChosenPlan } from './OrderSummary';
import StripeCardForm from './StripeCardForm';

const t = translator({ errors: errorsMessages, transaction: transactionMessages });

interface Props {
  plan: PlanLevel;
  term: PlanTerm;
  /** The server's processor: our card form (local) or Stripe Elements. */
  payments: PaymentsConfig;
}

/** /transaction (spec §2): the order, the held number, the card, the bank's challenge, the outcome. */
export default function Transaction({ plan: level, term, payments }: Props) {
  // Stores fill while the island hydrates; render the server's loading line until it has.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const plan = useChosenPlan(level, term);
  const status = useStore($checkoutStatus);
  const hold = useStore($hold);
  const holdLive = useStore($holdSecondsLeft) > 0;

  useEffect(() => {
    if (status.kind === 'succeeded') window.location.assign('/dashboard');
  }, [status.kind]);

  const onPay = (card: CardInput): void => void pay(level, term, { card });
  const onPayWithStripe = (paymentMethodId: string): void => void pay(level, term, { paymentMethodId }, runStripeChallenge);
  const busy = status.kind === 'paying' || status.kind === 'succeeded';
  const failure = status.kind === 'failed' ? status.code : null;
  // Only said when there is a live hold: a user paying without one has no number waiting.
  const sayHoldKept = failure !== null && hold !== null && holdLive;

  return (
    <div className="transaction">
      <h1>{t('transaction.title')}</h1>
      {!hydrated || plan === undefined ? (
        <p className="muted">{t('transaction.loading')}</p>
      ) : plan === null ? (
        <p className="form-error" role="alert">
          {t('transaction.planUnavailable')} <a href="/upgrade">{t('transaction.backToPlans')}</a>
        </p>
      ) : (
        <>
          <OrderSummary plan={plan} />
          <HeldNumber signedIn />
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
            <StripeCardForm plan={plan} publishableKey={payments.publishableKey} busy={busy} onPay={onPayWithStripe} />
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
            />
          )}
          {status.kind === 'succeeded' && <p role="status">{t('transaction.succeeded')}</p>}
        </>
      )}
    </div>
  );
}
