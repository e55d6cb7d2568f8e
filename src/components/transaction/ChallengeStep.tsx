import transactionMessages from 'virtual:messages/transaction';
import { useEffect, useRef } from 'react';
import { translator } from '../../i18n/translator';

const t = translator({ transaction: transactionMessages });

interface Props {
  answering: boolean;
  onAnswer: (approve: boolean) => void;
}

/**
 * The bank's check of the card holder (3-D Secure with a real processor). The local processor's
 * challenge is this panel; focus moves to it so keyboard and screen-reader users meet it at once.
 */
export default function ChallengeStep({ answering, onAnswer }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card challenge" aria-labelledby="challenge-heading">
      <h2 id="challenge-heading" ref={heading} tabIndex={-1}>
        {t('transaction.challengeHeading')}
      </h2>
      <p>{t('transaction.challengeText')}</p>
      <div className="button-row">
        <button type="button" className="button primary" disabled={answering} onClick={() => onAnswer(true)}>
          {t('transaction.approve')}
        </button>
        <button type="button" className="button secondary inline" disabled={answering} onClick={() => onAnswer(false)}>
          {t('transaction.cancelPayment')}
        </button>
      </div>
    </section>
  );
}
