import { useEffect, useRef, useState } from 'react';
import type { FaxDetails, FaxReadStatus, FaxView } from '../../common/faxes';
import faxDetailsMessages from 'virtual:messages/faxDetails';
import inboxMessages from 'virtual:messages/inbox';
import { translator } from '../../i18n/translator';
import { setFaxReadStatus } from '../../stores/fax-read';
import FaxActions from '../faxes/FaxActions';
import FaxTimeline from '../faxes/FaxTimeline';
import ReceivedFaxFacts from './ReceivedFaxFacts';
import ReceivedFaxNotices from './ReceivedFaxNotices';
import ReceivedFaxPages from './ReceivedFaxPages';
import { receivedStatusText, senderText } from './inbox-text';
import './inbox.css';

const t = translator({ faxDetails: faxDetailsMessages, inbox: inboxMessages });

/** One received fax: who sent it, its pages, and read/unread; opening it marks it read (spec §4). */
export default function ReceivedFaxDetails({ details, onChanged }: { details: FaxDetails; onChanged: (fax: FaxView) => void }) {
  // The answer to a read-status change shows at once; the next pushed version of the fax replaces it.
  const [answered, setAnswered] = useState<FaxView | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const openedRead = useRef(false);
  const pushed = details.fax;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer pushed fax replaces the answer shown
  useEffect(() => setAnswered(null), [pushed]);
  const fax = answered ?? pushed;

  const changeRead = async (status: FaxReadStatus): Promise<void> => {
    setBusy(true);
    setFailed(null);
    const result = await setFaxReadStatus(fax.id, status);
    setBusy(false);
    if (result.ok) setAnswered(result.data.fax);
    else setFailed(result.message);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: changeRead is a fresh closure every render; fax is what decides
  useEffect(() => {
    // Opening marks it read, once per visit (a fax marked unread here stays unread); one that is
    // still arriving is marked when it has arrived, if the page is still open.
    if (openedRead.current || fax.status === 'RECEIVING') return;
    openedRead.current = true;
    if (!fax.read) void changeRead('read');
  }, [fax]);

  return (
    <div className="fax-page fax-details">
      <p>
        <a href="/inbox">{t('inbox.details.back')}</a>
      </p>
      <header className="page-header">
        <h1>{t('inbox.details.heading', { number: senderText(fax) })}</h1>
        {fax.status !== 'RECEIVING' && (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void changeRead(fax.read ? 'unread' : 'read')}>
            {t(fax.read ? 'inbox.details.markUnread' : 'inbox.details.markRead')}
          </button>
        )}
      </header>
      {failed && (
        <p className="form-error" role="alert">
          {t('inbox.details.markFailed', { reason: failed })}
        </p>
      )}
      <section className={`card fax-status-card fax-status-${fax.status.toLowerCase()}`} aria-labelledby="fax-status-heading">
        <h2 id="fax-status-heading">{t('faxDetails.status')}</h2>
        <p className="fax-status-line" role="status" aria-live="polite">
          {receivedStatusText(fax)}
          {!fax.read && fax.status !== 'RECEIVING' && <span className="tag inbox-unread-tag">{t('inbox.unread')}</span>}
        </p>
      </section>
      <ReceivedFaxNotices fax={fax} />
      <ReceivedFaxFacts fax={fax} />
      <ReceivedFaxPages fax={fax} />
      <FaxTimeline timeline={details.timeline} />
      {fax.status !== 'RECEIVING' && <FaxActions fax={fax} onChanged={onChanged} />}
    </div>
  );
}
