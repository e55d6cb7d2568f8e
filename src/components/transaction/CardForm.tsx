import transactionMessages from 'virtual:messages/transaction';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { CardInput } from '../../common/billing';
import { translator } from '../../i18n/translator';
import CardField from './CardField';
import {
  type CardDraft,
  type CardProblems,
  checkCard,
  checkCardField,
  EMPTY_CARD,
  type CardField as Field,
  formatCardNumber,
  formatExpiry,
  toCardInput,
} from './card-rules';
import './card-form.css';

const t = translator({ transaction: transactionMessages });

interface Props {
  /** The form's heading (default: "Card details"). */
  heading?: string;
  /** What the button says: the price, the trial, or saving a new card. */
  submitLabel: string;
  /** A line under the heading (e.g. what a trial charges), if any. */
  note?: string | null;
  busy: boolean;
  onPay: (card: CardInput) => void;
  /** Shown above the button (the checkout's cards taken and who processes them). */
  children?: ReactNode;
}

/**
 * Name, number, expiry, CVC and ZIP. A field is checked when the user leaves it and all of them on
 * Pay; the typed card stays after a failed payment so another attempt needs only the changed part.
 */
export default function CardForm({ heading = t('transaction.cardHeading'), submitLabel, note = null, busy, onPay, children }: Props) {
  const headingId = useId();
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

  return (
    <form className="card card-form" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <h2 id={headingId}>{heading}</h2>
      {note && <p className="muted">{note}</p>}
      <CardField
        label={t('transaction.name')}
        autoComplete="cc-name"
        value={draft.name}
        error={errorOf('name')}
        onChange={(e) => update('name', e.target.value)}
        onBlur={() => leave('name')}
      />
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
      {children}
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? t('transaction.paying') : submitLabel}
      </button>
    </form>
  );
}
