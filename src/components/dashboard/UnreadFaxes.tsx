import dashboardMessages from 'virtual:messages/dashboard';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import CopyButton from '../nav/CopyButton';
import LocalTime from '../time/LocalTime';
import { useTimeZone } from '../time/time-zone';
import { partyName, rowDetail } from './fax-row-text';

const t = translator({ dashboard: dashboardMessages });

interface Props {
  faxes: FaxView[];
  /** All unread faxes and all received ones (the counters), for the count and the empty state. */
  unreadCount: number;
  receivedCount: number;
  /** The user's own number as people read it, or null. */
  ownNumber: string | null;
}

/** A whole row is the link, named by all it shows ("Fax from Grace Hopper (312) 555-0190 · 3 pages Jan 5, 4:30 PM"). */
function UnreadRow({ fax }: { fax: FaxView }) {
  const timeZone = useTimeZone();
  return (
    <li>
      <a className="dash-row" href={`/faxDetails/${encodeURIComponent(fax.id)}`}>
        <span className="dash-unread-dot" />
        <span className="dash-row-main">
          <span className="dash-row-title">
            <span className="visually-hidden">{t('dashboard.faxFromHidden')} </span>
            {partyName(fax)}
          </span>
          <span className="dash-row-meta">{rowDetail(fax, timeZone)}</span>
        </span>
        <LocalTime at={fax.start} style="monthDayTime" titleStyle="dateTime" />
      </a>
    </li>
  );
}

/** What there is nothing of yet, and the next step: a test fax, the number to give out. */
function NoUnread({ receivedCount, ownNumber }: Omit<Props, 'faxes' | 'unreadCount'>) {
  if (receivedCount > 0) {
    return (
      <div className="empty-state dash-empty">
        <Icon name="check" />
        <h3>{t('dashboard.caughtUpHeading')}</h3>
        <p>{t('dashboard.caughtUpText')}</p>
      </div>
    );
  }
  return (
    <div className="empty-state dash-empty">
      <Icon name="inbox" />
      <h3>{t('dashboard.noFaxesHeading')}</h3>
      <p>{ownNumber ? t('dashboard.noFaxesText', { number: ownNumber }) : t('dashboard.noFaxesNoNumber')}</p>
      {ownNumber && (
        <div className="button-row">
          <a className="button secondary small" href={`/send?to=${encodeURIComponent(ownNumber)}`}>
            <Icon name="send" />
            {t('dashboard.testFax')}
          </a>
          <CopyButton text={ownNumber} look="text" label={t('dashboard.copyNumber')} />
        </div>
      )}
    </div>
  );
}

/** The newest unread received faxes, each opening the fax; the inbox has the rest. */
export default function UnreadFaxes({ faxes, unreadCount, receivedCount, ownNumber }: Props) {
  return (
    <section className="card dash-list" aria-labelledby="unread-heading" aria-live="polite">
      <div className="card-header">
        <h2 id="unread-heading">
          {t('dashboard.unreadHeading')}{' '}
          {unreadCount > 0 && (
            <span className="count" title={t('dashboard.unreadCount', { count: unreadCount })}>
              {unreadCount}
            </span>
          )}
        </h2>
        <a href="/inbox">{t('dashboard.openInbox')}</a>
      </div>
      {faxes.length > 0 ? (
        <ul className="dash-rows">
          {faxes.map((fax) => (
            <UnreadRow key={fax.id} fax={fax} />
          ))}
        </ul>
      ) : unreadCount > 0 ? (
        // Read here one by one, the rest of them are in the inbox only.
        <p className="dash-hint">
          <a href="/inbox">{t('dashboard.unreadCount', { count: unreadCount })}</a>
        </p>
      ) : (
        <NoUnread receivedCount={receivedCount} ownNumber={ownNumber} />
      )}
    </section>
  );
}
