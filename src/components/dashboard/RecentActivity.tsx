import dashboardMessages from 'virtual:messages/dashboard';
import type { FaxView } from '../../common/faxes';
import type { LiveEvent } from '../../common/live-messages';
import { isOnItsWay, RECENT_SHOWN } from '../../common/recent-faxes';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { $liveEvents, restoreKeptEvents } from '../../stores/live';
import FaxStatusPill from '../faxes/FaxStatusPill';
import Icon from '../icons/Icon';
import { useSeededStore } from '../page-data/use-seeded-store';
import LocalTime from '../time/LocalTime';
import { useTimeZone } from '../time/time-zone';
import { type ShownEvent, shownEvent } from './activity-events';
import { partyName, rowDetail } from './fax-row-text';

const t = translator({ dashboard: dashboardMessages });

/** What the server renders of this tab's events: none (it cannot know them). */
const NO_EVENTS: LiveEvent[] = [];

type Item = { at: number; fax: FaxView; event?: undefined } | { at: number; event: ShownEvent; fax?: undefined };

function FaxRow({ fax }: { fax: FaxView }) {
  const timeZone = useTimeZone();
  const sent = fax.direction === 'SEND';
  const name = partyName(fax);
  const label = t(sent ? 'dashboard.openFaxTo' : 'dashboard.openFaxFrom', { name, when: formatDateTime(fax.start, timeZone) });
  return (
    <li className={isOnItsWay(fax) ? 'dash-activity live' : 'dash-activity'}>
      <Icon name={sent ? 'arrow-up-right' : 'arrow-down-left'} className="dash-activity-icon" />
      <span className="dash-row-main">
        <a className="dash-row-title" href={`/faxDetails/${encodeURIComponent(fax.id)}`} aria-label={label}>
          {t(sent ? 'dashboard.faxTo' : 'dashboard.faxFrom', { name })}
        </a>
        <span className="dash-row-meta">{rowDetail(fax, timeZone)}</span>
      </span>
      <span className="dash-activity-end">
        <FaxStatusPill fax={fax} />
        <LocalTime at={fax.start} style="monthDayTime" titleStyle="dateTime" />
      </span>
    </li>
  );
}

/**
 * The newest faxes sent and received, those on their way first (their progress live), and the
 * account's events this tab was told of, as one list, newest first.
 */
export default function RecentActivity({ faxes }: { faxes: FaxView[] }) {
  // After hydration: the server could not know what this tab was told before, nor what a push
  // brought while the page's islands hydrated.
  const events = useSeededStore($liveEvents, NO_EVENTS, restoreKeptEvents);
  const moving = faxes.filter(isOnItsWay).map((fax): Item => ({ at: Number.POSITIVE_INFINITY, fax }));
  const rest: Item[] = [
    ...faxes.filter((fax) => !isOnItsWay(fax)).map((fax): Item => ({ at: fax.start, fax })),
    ...events.flatMap((raw): Item[] => {
      const event = shownEvent(raw);
      return event ? [{ at: raw.at, event }] : [];
    }),
  ].sort((a, b) => b.at - a.at);
  const items = [...moving, ...rest].slice(0, RECENT_SHOWN + 2);
  return (
    <section className="card dash-list" aria-labelledby="activity-heading">
      <div className="card-header">
        <h2 id="activity-heading">{t('dashboard.activityHeading')}</h2>
      </div>
      {items.length === 0 ? (
        <p className="dash-hint">{t('dashboard.activityEmpty')}</p>
      ) : (
        <ul className="dash-rows" aria-live="polite">
          {items.map((item) =>
            item.fax ? (
              <FaxRow key={item.fax.id} fax={item.fax} />
            ) : (
              <li key={`${item.event.text}-${item.at}`} className="dash-activity">
                <Icon name={item.event.icon} className="dash-activity-icon" />
                <span className="dash-row-main">
                  <span className="dash-row-title">{item.event.text}</span>
                </span>
                <span className="dash-activity-end">
                  <LocalTime at={item.at} style="monthDayTime" titleStyle="dateTime" />
                </span>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
