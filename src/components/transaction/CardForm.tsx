import { useState, type FormEvent } from 'react';
import { formatCents, type PlanView } from '../../common/plans';
import { t } from '../../i18n/t';
import CardField from './CardField';
import { checkCard, checkCardField, EMPTY_CARD, formatCardNumber, formatExpiry, toCardInput, type CardDraft, type CardField as Field, type CardProblems } from './card-rules';
import type { CardInput } from '../../common/billing';

interface Props {
  plan: PlanView;
  busy: boolean;
  onPay: (card: CardInput) => void;
}

/**
 * Name, number, expiry, CVC and ZIP. A field is checked when the user leaves it and all of them on
 * Pay; the typed card stays after a failed payment so another attempt needs only the changed part.
 */
export default function CardForm({ plan, busy, onPay }: Props) {
  const [draft, setDraft] = useState<CardDraft>(EMPTY_CARD);
  const [problems, setProblems] = useState<CardProblems>({});

  const update = (field: Field, value: string): void => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // A field already marked wrong is re-checked as it is corrected.
    if (problems[field]) setProblems({ ...problems, [field]: checkCardField(field, next, new Date()) ?? undefined });
  };
  const leave = (field: Field): void => {
    const problem = checkCardField(field, draft, new Date());
    setProblems({ ...problems, [field]: problem ?? undefined });
  };
  const errorOf = (field: Field): string | null => {
    const problem = problems[field];
    return problem ? t(`transaction.problem.${problem}`) : null;
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const found = checkCard(draft, new Date());
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onPay(toCardInput(draft));
  };

  const buttonText = plan.trialDays !== null ? t('transaction.startTrial', { days: plan.trialDays }) : t('transaction.pay', { price: formatCents(plan.priceCents) });
  return (
    <form className="card card-form" aria-labelledby="card-heading" noValidate onSubmit={submit}>
      <h2 id="card-heading">{t('transaction.cardHeading')}</h2>
      {plan.trialDays !== null && <p className="muted">{t('transaction.trialCardNote', { days: plan.trialDays })}</p>}
      <CardField label={t('transaction.name')} autoComplete="cc-name" value={draft.name} error={errorOf('name')} onChange={(e) => update('name', e.target.value)} onBlur={() => leave('name')} />
      <CardField
        label={t('transaction.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={draft.number}
        error={errorOf('number')}
        onChange={(e) => update('number', formatCardNumber(e.target.value))}
        onBlur={() => leave('number')}
      />
      <div className="card-row">
        <CardField
          label={t('transaction.expiry')}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={t('transaction.expiryPlaceholder')}
          value={draft.expiry}
          error={errorOf('expiry')}
          onChange={(e) => update('expiry', formatExpiry(e.target.value))}
          onBlur={() => leave('expiry')}
        />
        <CardField
          label={t('transaction.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          value={draft.cvc}
          error={errorOf('cvc')}
          onChange={(e) => update('cvc', e.target.value.replace(/\D/g, ''))}
          onBlur={() => leave('cvc')}
        />
        <CardField
          label={t('transaction.postalCode')}
          autoComplete="postal-code"
          maxLength={12}
          value={draft.postalCode}
          error={errorOf('postalCode')}
          onChange={(e) => update('postalCode', e.target.value)}
          onBlur={() => leave('postalCode')}
        />
      </div>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? t('transaction.paying') : buttonText}
      </button>
    </form>
  );
}
