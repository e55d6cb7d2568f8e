import transactionMessages from 'virtual:messages/transaction';
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatCents } from '../../common/plan-rules';
import type { PlanView } from '../../common/plans';
import { translator } from '../../i18n/translator';
import { $stripeCard, $stripeCardProblem, createStripePaymentMethod, mountStripeCard } from '../../stores/stripe-card';
import CardField from './CardField';

const t = translator({ transaction: transactionMessages });

interface Props {
  plan: PlanView;
  publishableKey: string;
  busy: boolean;
  onPay: (paymentMethodId: string) => void;
  /** Shown above the button: the cards taken and who processes them. */
  children?: ReactNode;
}

/**
 * The card form with Stripe (PAYMENT_PROCESSOR=stripe): the name here, the card in Stripe's own
 * frame, so the number never touches our page or our server. While Stripe.js loads the form says
 * so; if it cannot load, it says why and offers to try again.
 */
export default function StripeCardForm({ plan, publishableKey, busy, onPay, children }: Props) {
  const state = useStore($stripeCard);
  const problem = useStore($stripeCardProblem);
  const frame = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const ids = { label: useId(), problem: useId() };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt mounts a fresh card form
  useEffect(() => (frame.current ? mountStripeCard(publishableKey, frame.current) : undefined), [publishableKey, attempt]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const missingName = name.trim() === '' ? t('transaction.problem.nameRequired') : null;
    setNameError(missingName);
    if (missingName || state.kind !== 'ready') return;
    setCreating(true);
    const result = await createStripePaymentMethod(name.trim());
    setCreating(false);
    if (result.ok) onPay(result.paymentMethodId);
  };

  const buttonText =
    plan.trialDays !== null
      ? t('transaction.startTrial', { days: plan.trialDays })
      : t('transaction.pay', { price: formatCents(plan.priceCents) });
  return (
    <form className="card card-form" aria-labelledby="card-heading" noValidate onSubmit={(e) => void submit(e)}>
      <h2 id="card-heading">{t('transaction.cardHeading')}</h2>
      {plan.trialDays !== null && <p className="muted">{t('transaction.trialCardNote', { days: plan.trialDays })}</p>}
      <CardField
        label={t('transaction.name')}
        autoComplete="cc-name"
        value={name}
        error={nameError}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="field">
        <span className="field-label" id={ids.label}>
          {t('transaction.stripeCard')}
        </span>
        {state.kind === 'loading' && (
          <p className="muted" role="status">
            {t('transaction.stripeLoading')}
          </p>
        )}
        {state.kind === 'unavailable' && (
          <div className="form-error" role="alert">
            <p>{t('transaction.stripeUnavailable')}</p>
            <button type="button" className="button secondary inline" onClick={() => setAttempt(attempt + 1)}>
              {t('transaction.stripeRetry')}
            </button>
          </div>
        )}
        {/* biome-ignore lint/a11y/useSemanticElements: Stripe mounts its card iframe into this element; a fieldset would add a legend Stripe's fields already have */}
        <div
          ref={frame}
          className="stripe-card"
          role="group"
          aria-labelledby={ids.label}
          aria-describedby={problem ? ids.problem : undefined}
          hidden={state.kind === 'unavailable'}
        />
        {problem && (
          <p className="field-error" id={ids.problem} role="alert">
            {problem}
          </p>
        )}
      </div>
      {children}
      <button type="submit" className="button primary wide" disabled={busy || creating || state.kind !== 'ready'}>
        {busy || creating ? t('transaction.paying') : buttonText}
      </button>
    </form>
  );
}
