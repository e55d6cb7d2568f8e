import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import faxDetailsMessages from 'virtual:messages/faxDetails';
import { translator } from '../../i18n/translator';
import type { FaxDetails as FaxDetailsView } from '../../common/faxes';
import { faxDetailsStore, leaveMissingFax } from '../../stores/fax-details';
import FaxActions from './FaxActions';
import FaxFacts from './FaxFacts';
import FaxFailure from './FaxFailure';
import FaxFiles from './FaxFiles';
import FaxTimeline from './FaxTimeline';
import SentFaxPages from './SentFaxPages';
import ReceivedFaxDetails from '../inbox/ReceivedFaxDetails';
import { useTimeZone, withTimeZone } from '../time/time-zone';
import { faxProgressText, recipientText, refundText } from './fax-text';

const t = translator({ faxDetails: faxDetailsMessages });

interface Props {
  faxId: string;
  supportEmail: string;
  /** The fax the page was rendered with (`details` null: not found), or null when it came without. */
  rendered: { details: FaxDetailsView | null } | null;
}

/** One fax, live (spec §2 /faxDetails); a sent one: where it is, what happened, what to do about a failure. */
function FaxDetails({ faxId, supportEmail, rendered }: Props) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's own fax starts the store once
  const watch = useMemo(() => faxDetailsStore(faxId, rendered), [faxId]);
  const state = useStore(watch.$details);
  const timeZone = useTimeZone();

  useEffect(() => {
    if (state.kind === 'missing') leaveMissingFax();
  }, [state.kind]);

  if (state.kind === 'loading') return <p className="muted">{t('faxDetails.loading')}</p>;
  if (state.kind === 'missing') {
    return (
      <p className="muted" role="status">
        {t('faxDetails.notFound')}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">
          {t('faxDetails.loadFailed', { reason: state.reason })}
        </p>
        <button type="button" className="button secondary" onClick={() => void watch.reload()}>
          {t('faxDetails.tryAgain')}
        </button>
      </div>
    );
  }

  if (state.details.fax.direction === 'RECEIVE') return <ReceivedFaxDetails details={state.details} onChanged={watch.show} />;
  const { fax, timeline } = state.details;
  const refund = refundText(fax);
  return (
    <div className="fax-page fax-details">
      <p>
        <a href="/sent">{t('faxDetails.back')}</a>
      </p>
      <header className="page-header">
        <h1>{t('faxDetails.heading', { number: recipientText(fax) })}</h1>
        <a className="button secondary" href="/send">
          {t('faxDetails.sendAnother')}
        </a>
      </header>
      <section className={`card fax-status-card fax-status-${fax.status.toLowerCase()}`} aria-labelledby="fax-status-heading">
        <h2 id="fax-status-heading">{t('faxDetails.status')}</h2>
        <p className="fax-status-line" role="status" aria-live="polite">
          {faxProgressText(fax, timeZone)}
          {refund && <span className="fax-refund"> · {refund}</span>}
        </p>
        {fax.status === 'SENDING' && fax.pageCount > 0 && (
          <progress className="fax-pages-progress" max={fax.pageCount} value={fax.pagesSent} aria-label={t('faxDetails.pages')}>
            {t('faxDetails.pagesProgress', { sent: fax.pagesSent, total: fax.pageCount })}
          </progress>
        )}
      </section>
      <FaxFailure supportEmail={supportEmail} fax={fax} />
      <FaxFacts fax={fax} />
      <SentFaxPages fax={fax} />
      <FaxTimeline timeline={timeline} />
      <FaxFiles fax={fax} />
      <FaxActions fax={fax} onChanged={watch.show} />
    </div>
  );
}

export default withTimeZone(FaxDetails);
