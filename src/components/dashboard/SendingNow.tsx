import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { FaxView, SendStatus } from '../../common/faxes';
import dashboardMessages from 'virtual:messages/dashboard';
import { translator } from '../../i18n/translator';
import { $sendStatus, seedSendStatus } from '../../stores/send-status';
import { faxProgressText, recipientText } from '../faxes/fax-text';
import LocalTime from '../time/LocalTime';
import { useTimeZone } from '../time/time-zone';

const t = translator({ dashboard: dashboardMessages });

function FaxLine({ fax }: { fax: FaxView }) {
  const timeZone = useTimeZone();
  return (
    <p>
      <a href={`/faxDetails/${fax.id}`}>{recipientText(fax)}</a> · {faxProgressText(fax, timeZone)} ·{' '}
      <span className="muted">
        <LocalTime at={fax.start} />
      </span>
    </p>
  );
}

/** The send document on the dashboard: the fax on its way now, else the last one sent. */
export default function SendingNow({ initial }: { initial: SendStatus | null }) {
  // The server rendered the page with the send document; the store follows it from there.
  useEffect(() => seedSendStatus(initial), [initial]);
  const status = useStore($sendStatus) ?? initial;
  if (!status) return null;
  const { sendingFax, lastSentEntry, lifetimeSendCount } = status;
  return (
    <section className="card" aria-labelledby="sending-heading" aria-live="polite">
      <h2 id="sending-heading">{t(sendingFax ? 'dashboard.sendingNow' : 'dashboard.lastSent')}</h2>
      {sendingFax ? (
        <FaxLine fax={sendingFax} />
      ) : lastSentEntry ? (
        <FaxLine fax={lastSentEntry} />
      ) : (
        <p className="muted">{t('dashboard.noneSent')}</p>
      )}
      <p className="muted">
        {t('dashboard.lifetimeSent', { count: lifetimeSendCount })} · <a href="/sent">{t('dashboard.allSent')}</a>
      </p>
    </section>
  );
}
