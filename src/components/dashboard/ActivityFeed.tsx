import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { LiveEvent } from '../../common/live-messages';
import dashboardMessages from 'virtual:messages/dashboard';
import deletionMessages from 'virtual:messages/deletion';
import faxStatusMessages from 'virtual:messages/faxStatus';
import { translator } from '../../i18n/translator';
import { $liveEvents, restoreKeptEvents } from '../../stores/live';
import LocalTime from '../time/LocalTime';

const t = translator({ dashboard: dashboardMessages, deletion: deletionMessages, faxStatus: faxStatusMessages });

function describe(event: LiveEvent): string {
  switch (event.type) {
    case 'session.started':
      return event.device
        ? t('dashboard.signInEvent', { device: t('dashboard.signInEventDevice', { device: event.device }) })
        : t('dashboard.signInEventUnknownDevice');
    case 'account.updated':
      return t('dashboard.accountUpdated');
    case 'job.updated':
      return t('deletion.activity', { progress: event.progress });
    case 'fax.updated':
      return t('dashboard.faxUpdated', {
        direction: t(event.fax.direction === 'SEND' ? 'dashboard.faxTo' : 'dashboard.faxFrom'),
        number: event.fax.remoteDisplay ?? '',
        status: t(`faxStatus.${event.fax.status}`),
      });
    case 'number.updated':
      return event.number ? t('dashboard.numberAssigned', { number: event.number.display }) : t('dashboard.numberReleased');
    case 'subscription.updated':
      return t('dashboard.subscriptionUpdated');
    case 'faxes.deleted':
      return event.faxIds.length === 1 ? t('dashboard.faxesDeletedOne') : t('dashboard.faxesDeleted', { count: event.faxIds.length });
    case 'contacts.updated':
      return t('dashboard.contactsUpdated');
  }
}

/** Account events as they arrive over the live connection, newest first. */
export default function ActivityFeed() {
  const events = useStore($liveEvents);
  // After hydration: the server could not know what this tab was told before.
  useEffect(() => restoreKeptEvents(), []);
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">{t('dashboard.activityHeading')}</h2>
      {events.length === 0 ? (
        <p className="muted">{t('dashboard.activityEmpty')}</p>
      ) : (
        <ul className="activity" aria-live="polite">
          {events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two events of one kind can share a millisecond; the feed only grows at its head
            <li key={`${event.type}-${event.at}-${index}`}>
              <span>{describe(event)}</span> <LocalTime at={event.at} style="time" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
