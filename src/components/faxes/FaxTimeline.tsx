import faxDetailsMessages from 'virtual:messages/faxDetails';
import type { FaxEventView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import LocalTime from '../time/LocalTime';
import { failureTitle, pagesText } from './fax-text';
import './fax-details.css';

const t = translator({ faxDetails: faxDetailsMessages });

function describe(event: FaxEventView): string {
  const { attempt } = event;
  switch (event.kind) {
    // Attempt 0 is the fax being accepted; each attempt is queued again as it is handed over.
    case 'QUEUED':
      return attempt > 0 ? t('faxDetails.event.QUEUED_attempt', { attempt }) : t('faxDetails.event.QUEUED');
    case 'RETRY_SCHEDULED':
      return t('faxDetails.event.RETRY_SCHEDULED', { attempt });
    case 'SENDING':
      return event.pagesSent
        ? t('faxDetails.event.SENDING_pages', { attempt, pages: pagesText(event.pagesSent) })
        : t('faxDetails.event.SENDING', { attempt });
    case 'FAILED':
      return event.reason
        ? t('faxDetails.event.FAILED', { attempt, reason: failureTitle(event.reason) })
        : t('faxDetails.event.FAILED_noReason', { attempt });
    default:
      return t(`faxDetails.event.${event.kind}`);
  }
}

/** Everything that happened to the fax, oldest first. */
export default function FaxTimeline({ timeline }: { timeline: FaxEventView[] }) {
  return (
    <section className="card" aria-labelledby="fax-timeline-heading">
      <h2 id="fax-timeline-heading">{t('faxDetails.timelineHeading')}</h2>
      {timeline.length === 0 ? (
        <p className="muted">{t('faxDetails.timelineEmpty')}</p>
      ) : (
        <ol className="fax-timeline">
          {timeline.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two timeline entries can share a millisecond and a kind; the timeline only grows
            <li key={`${event.at}-${event.kind}-${index}`} className={`event-${event.kind.toLowerCase()}`}>
              <span>{describe(event)}</span> <LocalTime at={event.at} style="time" titleStyle="dateTime" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
