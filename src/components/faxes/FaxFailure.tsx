import faxDetailsMessages from 'virtual:messages/faxDetails';
import faxFailureMessages from 'virtual:messages/faxFailure';
import type { FaxView } from '../../common/faxes';
import { formatTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import SupportText from '../support/SupportText';
import { useTimeZone } from '../time/time-zone';
import { failureTitle, isRetrying, isWaitingForRetry } from './fax-text';
import './fax-details.css';

const t = translator({ faxDetails: faxDetailsMessages, faxFailure: faxFailureMessages });

/**
 * Why the fax failed, in plain words, and what to do next, as a banner above the document. While
 * automatic retries go on, a warning banner explains the last attempt and says that nothing needs
 * doing yet.
 */
export default function FaxFailure({ fax, supportEmail }: { fax: FaxView; supportEmail: string }) {
  const timeZone = useTimeZone();
  const reason = fax.failureReason;
  const waiting = isWaitingForRetry(fax);
  const retrying = isRetrying(fax);
  if (!reason || !(fax.status === 'FAILED' || waiting || retrying)) return null;
  const failed = fax.status === 'FAILED';
  const next = { attempt: fax.attempt, max: fax.maxAttempts };
  return (
    <section className={`banner ${failed ? 'bad' : 'warn'} fax-failure`} aria-labelledby="fax-failure-heading">
      <Icon name={failed ? 'circle-x' : 'clock'} />
      <div className="banner-text">
        <h2 id="fax-failure-heading">{failed ? t('faxDetails.failureHeading') : t('faxDetails.retryHeading')}</h2>
        {waiting && (
          <p>
            {t('faxDetails.retryText', {
              ...next,
              attempt: Math.min(fax.attempt + 1, fax.maxAttempts),
              time: formatTime(fax.nextAttemptAt!, timeZone),
            })}
          </p>
        )}
        {retrying && !waiting && <p>{t('faxDetails.retryRunning', next)}</p>}
        <h3>{failed ? failureTitle(reason) : t('faxDetails.lastAttempt', { reason: failureTitle(reason) })}</h3>
        <p>{t(`faxFailure.${reason}.explanation`)}</p>
        {failed && (
          <>
            <h3>{t('faxDetails.nextSteps')}</h3>
            <p>
              <SupportText text={t(`faxFailure.${reason}.advice`, { email: supportEmail })} email={supportEmail} />
            </p>
          </>
        )}
      </div>
    </section>
  );
}
