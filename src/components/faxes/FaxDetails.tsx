import faxActionsMessages from 'virtual:messages/faxActions';
import faxDetailsMessages from 'virtual:messages/faxDetails';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { FaxDetails as FaxDetailsView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { faxDetailsStore, leaveMissingFax } from '../../stores/fax-details';
import { showToast } from '../../stores/toasts';
import Icon from '../icons/Icon';
import ReceivedFaxDetails from '../inbox/ReceivedFaxDetails';
import ScheduleControls from '../send/ScheduleControls';
import { withTimeZone } from '../time/time-zone';
import FaxActions from './FaxActions';
import FaxFacts from './FaxFacts';
import FaxFailure from './FaxFailure';
import FaxHeader from './FaxHeader';
import FaxPage from './FaxPage';
import FaxStatusPill from './FaxStatusPill';
import FaxTimeline from './FaxTimeline';
import FaxTrashBanner from './FaxTrashBanner';
import { refundText } from './fax-text';
import SentFaxPages from './SentFaxPages';

const t = translator({ faxDetails: faxDetailsMessages, faxActions: faxActionsMessages });

interface Props {
  faxId: string;
  supportEmail: string;
  /** The fax the page was rendered with (`details` null: not found), or null when it came without. */
  rendered: { details: FaxDetailsView | null } | null;
}

/**
 * One fax, live (spec §2 /faxDetails); a sent one: who it went to and where it is, the pages as
 * sent, what happened, what to do about a failure.
 */
function FaxDetails({ faxId, supportEmail, rendered }: Props) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's own fax starts the store once
  const watch = useMemo(() => faxDetailsStore(faxId, rendered), [faxId]);
  const state = useStore(watch.$details);

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
      <div className="fax-load-failed">
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
  const scheduled = fax.sendAt !== null && fax.status === 'QUEUED';
  return (
    <FaxPage
      header={
        <FaxHeader
          back={{ href: '/sent', label: t('faxDetails.back') }}
          eyebrow={t('faxDetails.eyebrow')}
          name={fax.contactName}
          number={fax.remoteDisplay ?? t('faxDetails.unknownNumber')}
          statusLabel={t('faxDetails.status')}
          status={
            <>
              <p className="fax-status-line" role="status" aria-live="polite">
                <FaxStatusPill fax={fax} />
                {refund && <span className="fax-refund"> · {refund}</span>}
              </p>
              {fax.status === 'SENDING' && fax.pageCount > 0 && (
                <progress className="fax-pages-progress" max={fax.pageCount} value={fax.pagesSent} aria-label={t('faxDetails.pages')}>
                  {t('faxDetails.pagesProgress', { sent: fax.pagesSent, total: fax.pageCount })}
                </progress>
              )}
            </>
          }
          actions={<FaxActions fax={fax} onChanged={watch.show} />}
        />
      }
      notices={
        <>
          <FaxTrashBanner fax={fax} />
          {scheduled && (
            <section className="banner fax-schedule" aria-label={t('faxDetails.scheduledHeading')}>
              <Icon name="calendar-clock" />
              <div className="banner-text">
                <ScheduleControls
                  target={{ faxId: fax.id }}
                  sendAt={fax.sendAt!}
                  onChanged={(faxes, done) => {
                    const answered = faxes.find((row) => row.id === fax.id);
                    if (answered) watch.show(answered);
                    showToast(done);
                  }}
                />
              </div>
            </section>
          )}
          <FaxFailure supportEmail={supportEmail} fax={fax} />
        </>
      }
      document={<SentFaxPages fax={fax} />}
      details={
        <>
          <FaxFacts fax={fax} />
          {fax.broadcastId && (
            <p className="fax-group-link">
              <a href={`/broadcast/${encodeURIComponent(fax.broadcastId)}`}>{t('faxActions.viewGroup')}</a>
            </p>
          )}
          <FaxTimeline timeline={timeline} />
        </>
      }
    />
  );
}

export default withTimeZone(FaxDetails);
