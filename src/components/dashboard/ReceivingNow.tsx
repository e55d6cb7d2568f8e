import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { FaxCounts, ReceiveStatus } from '../../common/faxes';
import inboxMessages from 'virtual:messages/inbox';
import { translator } from '../../i18n/translator';
import { $faxCounts, seedFaxCounts } from '../../stores/fax-counts';
import { $receiveStatus, seedReceiveStatus } from '../../stores/receive-status';
import { pagesText } from '../faxes/fax-text';
import { receivedStatusText, senderText } from '../inbox/inbox-text';
import LocalTime from '../time/LocalTime';

const t = translator({ inbox: inboxMessages });

function ArrivingLine({ entry }: { entry: ReceiveStatus['receivingFax'][string] }) {
  const number = entry.remoteDisplay ?? t('inbox.unknownSender');
  return (
    <p>
      {entry.pagesReceived > 0
        ? t('inbox.dashboard.receivingFromPages', { number, pages: pagesText(entry.pagesReceived) })
        : t('inbox.dashboard.receivingFrom', { number })}
    </p>
  );
}

/** The receive document on the dashboard: faxes arriving now, else the last one received. */
export default function ReceivingNow({ initial, initialCounts }: { initial: ReceiveStatus | null; initialCounts: FaxCounts | null }) {
  // The server rendered the page with the receive document; the stores follow it from there.
  useEffect(() => seedReceiveStatus(initial), [initial]);
  useEffect(() => seedFaxCounts(initialCounts), [initialCounts]);
  const status = useStore($receiveStatus) ?? initial;
  const counts = useStore($faxCounts) ?? initialCounts;
  if (!status) return null;
  const arriving = Object.entries(status.receivingFax).sort(([, a], [, b]) => b.start - a.start);
  const last = status.lastReceivedEntry;
  return (
    <section className="card" aria-labelledby="receiving-heading" aria-live="polite">
      <h2 id="receiving-heading">{t(arriving.length > 0 ? 'inbox.dashboard.receivingNow' : 'inbox.dashboard.lastReceived')}</h2>
      {arriving.length > 0 ? (
        arriving.map(([faxId, entry]) => <ArrivingLine key={faxId} entry={entry} />)
      ) : last ? (
        <p>
          <a href={`/faxDetails/${encodeURIComponent(last.id)}`}>{senderText(last)}</a> · {receivedStatusText(last)} ·{' '}
          <span className="muted">
            <LocalTime at={last.start} />
          </span>
        </p>
      ) : (
        <p className="muted">{t('inbox.dashboard.noneReceived')}</p>
      )}
      <p className="muted">
        {counts && <>{t('inbox.dashboard.unread', { count: counts.unreadReceived })} · </>}
        {t('inbox.dashboard.lifetimeReceived', { count: status.lifetimeReceiveCount })} · <a href="/inbox">{t('inbox.dashboard.open')}</a>
      </p>
    </section>
  );
}
