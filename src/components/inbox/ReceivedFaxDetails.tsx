import faxDetailsMessages from 'virtual:messages/faxDetails';
import inboxMessages from 'virtual:messages/inbox';
import { useEffect, useRef, useState } from 'react';
import type { FaxDetails, FaxReadStatus, FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { setFaxReadStatus } from '../../stores/fax-read';
import { showToast } from '../../stores/toasts';
import FaxActions from '../faxes/FaxActions';
import { MenuItem } from '../faxes/FaxActionsMenu';
import FaxHeader from '../faxes/FaxHeader';
import FaxPage from '../faxes/FaxPage';
import FaxStatusPill from '../faxes/FaxStatusPill';
import FaxTimeline from '../faxes/FaxTimeline';
import FaxTrashBanner from '../faxes/FaxTrashBanner';
import { pagesArrived } from './pages-arrived';
import ReceivedFaxFacts from './ReceivedFaxFacts';
import ReceivedFaxNotices from './ReceivedFaxNotices';
import ReceivedFaxPages from './ReceivedFaxPages';
import './inbox.css';

const t = translator({ faxDetails: faxDetailsMessages, inbox: inboxMessages });

/** One received fax: who sent it, its pages, and read/unread; opening it marks it read (spec §4). */
export default function ReceivedFaxDetails({ details, onChanged }: { details: FaxDetails; onChanged: (fax: FaxView) => void }) {
  // The answer to a read-status change shows at once; the next pushed version of the fax replaces it.
  const [answered, setAnswered] = useState<FaxView | null>(null);
  const [busy, setBusy] = useState(false);
  const openedRead = useRef(false);
  const pushed = details.fax;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer pushed fax replaces the answer shown
  useEffect(() => setAnswered(null), [pushed]);
  const fax = answered ?? pushed;

  const changeRead = async (status: FaxReadStatus): Promise<void> => {
    setBusy(true);
    const result = await setFaxReadStatus(fax.id, status);
    setBusy(false);
    if (result.ok) setAnswered(result.data.fax);
    else showToast(t('inbox.details.markFailed', { reason: result.message }), { tone: 'failed' });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: changeRead is a fresh closure every render; fax is what decides
  useEffect(() => {
    // Opening marks it read, once per visit (a fax marked unread here stays unread); one that is
    // still arriving is marked when it has arrived, if the page is still open.
    if (openedRead.current || fax.status === 'RECEIVING') return;
    openedRead.current = true;
    if (!fax.read) void changeRead('read');
  }, [fax]);

  const arrived = fax.status !== 'RECEIVING';
  return (
    <FaxPage
      header={
        <FaxHeader
          back={{ href: '/inbox', label: t('inbox.details.back') }}
          eyebrow={t('inbox.details.eyebrow')}
          name={fax.remoteDisplay ? fax.contactName : null}
          number={fax.remoteDisplay ?? t('inbox.unknownSender')}
          statusLabel={t('faxDetails.status')}
          status={
            <p className="fax-status-line">
              <span role="status" aria-live="polite">
                <FaxStatusPill fax={fax} />
              </span>
              {!fax.read && arrived && <span className="pill info">{t('inbox.unread')}</span>}
            </p>
          }
          actions={
            arrived && (
              <FaxActions fax={fax} onChanged={onChanged}>
                <MenuItem
                  icon={fax.read ? 'mail' : 'mail-open'}
                  disabled={busy}
                  onSelect={() => void changeRead(fax.read ? 'unread' : 'read')}
                >
                  {t(fax.read ? 'inbox.details.markUnread' : 'inbox.details.markRead')}
                </MenuItem>
                {pagesArrived(fax) && (
                  <MenuItem icon="eye" href={`/preview?faxId=${encodeURIComponent(fax.id)}`}>
                    {t('inbox.details.preview')}
                  </MenuItem>
                )}
              </FaxActions>
            )
          }
        />
      }
      notices={
        <>
          <FaxTrashBanner fax={fax} />
          <ReceivedFaxNotices fax={fax} />
        </>
      }
      document={<ReceivedFaxPages fax={fax} />}
      details={
        <>
          <ReceivedFaxFacts fax={fax} />
          <FaxTimeline timeline={details.timeline} />
        </>
      }
    />
  );
}
