import billingMessages from 'virtual:messages/billing';
import errorsMessages from 'virtual:messages/errors';
import { useState } from 'react';
import type { CardInput, SubscriptionView } from '../../common/billing';
import { cardBrandName } from '../../common/card-brand';
import { translator } from '../../i18n/translator';
import type { ApiFailureCode } from '../../lib/api';
import { changeCard } from '../../stores/subscription';
import CardForm from '../transaction/CardForm';

const t = translator({ billing: billingMessages, errors: errorsMessages });

type Outcome = 'saved' | 'paid' | 'stillFailing';

/**
 * The card a plan is charged to ("card on file" during a trial, which has charged nothing yet),
 * and for a plan we renew ourselves a way to change it. Stripe keeps the card of a plan it runs, so
 * there is nothing to change here for those.
 */
export default function ChangeCard({ subscription }: { subscription: SubscriptionView }) {
  const [open, setOpen] = useState(subscription.renewalFailedAt !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailureCode | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const card = subscription.card;
  const cardLine = card && (
    <p>
      {t(subscription.type === 'TRIAL' ? 'billing.cardOnFile' : 'billing.chargedTo', {
        brand: cardBrandName(card.brand),
        last4: card.last4,
      })}
    </p>
  );
  if (subscription.merchantType !== 'local') return cardLine;

  const save = async (card: CardInput): Promise<void> => {
    setBusy(true);
    setError(null);
    setOutcome(null);
    const result = await changeCard(card);
    setBusy(false);
    if (!result.ok) {
      setError(result.code);
      return;
    }
    const failing = result.data.subscription.renewalFailedAt !== null;
    setOutcome(result.data.retried ? (failing ? 'stillFailing' : 'paid') : 'saved');
    if (!failing) setOpen(false);
  };

  return (
    <div className="change-card">
      {cardLine}
      {outcome && (
        <p className={outcome === 'stillFailing' ? 'form-error' : 'form-done'} role="status">
          {t(
            outcome === 'paid' ? 'billing.cardSavedAndPaid' : outcome === 'stillFailing' ? 'billing.cardStillFailing' : 'billing.cardSaved',
          )}
        </p>
      )}
      {open ? (
        <>
          <CardForm
            heading={t('billing.changeCardHeading')}
            submitLabel={t('billing.saveCard')}
            note={t('billing.changeCardNote')}
            busy={busy}
            onPay={(card) => void save(card)}
          />
          {error && (
            <p className="form-error" role="alert">
              {t(`errors.${error}`)}
            </p>
          )}
          <button type="button" className="button link" onClick={() => setOpen(false)}>
            {t('billing.cancelCardChange')}
          </button>
        </>
      ) : (
        <button type="button" className="button secondary inline" onClick={() => setOpen(true)}>
          {t('billing.changeCard')}
        </button>
      )}
    </div>
  );
}
