import viewerMessages from 'virtual:messages/viewer';
import { useEffect, useRef, useState } from 'react';
import type { FaxView } from '../../common/faxes';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { markReadOnOpen, setFaxReadStatus } from '../../stores/fax-read';
import { showToast } from '../../stores/toasts';
import { faxDocumentFileName, faxDocumentUrl } from '../faxes/document-link';
import FaxActions from '../faxes/FaxActions';
import { MenuItem } from '../faxes/FaxActionsMenu';
import FaxHeader from '../faxes/FaxHeader';
import FaxPage from '../faxes/FaxPage';
import FaxStatusPill from '../faxes/FaxStatusPill';
import FaxTrashBanner from '../faxes/FaxTrashBanner';
import { pagesText } from '../faxes/fax-text';
import Icon from '../icons/Icon';
import { receivedPages } from '../inbox/inbox-text';
import { pagesArrived } from '../inbox/pages-arrived';
import LocalTime from '../time/LocalTime';
import { useTimeZone } from '../time/time-zone';
import FaxViewer from '../viewer/FaxViewer';
import { previewSenderText } from './preview-text';

const t = translator({ viewer: viewerMessages });

/** A received fax, its pages as large as the window allows: who sent it, when, and read/unread. */
export default function ReceivedFaxPreview({ fax: pushed }: { fax: FaxView }) {
  // The answer to "Mark as unread" shows at once; the next pushed or read version replaces it.
  const [answered, setAnswered] = useState<FaxView | null>(null);
  const [busy, setBusy] = useState(false);
  const markedOnOpen = useRef(false);
  const timeZone = useTimeZone();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer pushed fax replaces the answer shown
  useEffect(() => setAnswered(null), [pushed]);
  const fax = answered ?? pushed;
  const sender = previewSenderText(fax);
  const receivedAt = formatDateTime(fax.completed ?? fax.start, timeZone);

  useEffect(() => {
    // Once per visit, so a fax marked unread here stays unread; one still arriving is marked once it has.
    if (markedOnOpen.current || fax.status === 'RECEIVING') return;
    markedOnOpen.current = true;
    // The answer shows it read at once; its push follows.
    if (!fax.read)
      void markReadOnOpen(fax).then((read) => {
        if (read) setAnswered(read);
      });
  }, [fax]);

  const toggleRead = async (): Promise<void> => {
    setBusy(true);
    const result = await setFaxReadStatus(fax.id, fax.read ? 'unread' : 'read');
    setBusy(false);
    if (result.ok) setAnswered(result.data.fax);
    else showToast(t('viewer.preview.markFailed', { reason: result.message }), { tone: 'failed' });
  };

  return (
    <FaxPage
      wide
      header={
        <FaxHeader
          back={{ href: '/inbox', label: t('viewer.preview.back') }}
          eyebrow={t('viewer.preview.eyebrow')}
          name={fax.remoteDisplay ? fax.contactName : null}
          number={sender}
          statusLabel={t('viewer.preview.status')}
          status={
            <p className="fax-status-line">
              <span role="status" aria-live="polite">
                <FaxStatusPill fax={fax} />
              </span>
              <span className="fax-status-fact">
                <Icon name="clock" />
                <LocalTime at={fax.completed ?? fax.start} />
              </span>
              <span className="fax-status-fact">
                <Icon name="file-text" />
                {pagesText(receivedPages(fax))}
              </span>
            </p>
          }
          actions={
            fax.status !== 'RECEIVING' && (
              <FaxActions fax={fax} onChanged={setAnswered}>
                <MenuItem icon={fax.read ? 'mail' : 'mail-open'} disabled={busy} onSelect={() => void toggleRead()}>
                  {t(fax.read ? 'viewer.preview.markUnread' : 'viewer.preview.markRead')}
                </MenuItem>
                <MenuItem icon="info" href={`/faxDetails/${encodeURIComponent(fax.id)}`}>
                  {t('viewer.preview.details')}
                </MenuItem>
              </FaxActions>
            )
          }
        />
      }
      notices={<FaxTrashBanner fax={fax} />}
      document={
        pagesArrived(fax) ? (
          <FaxViewer
            documentUrl={faxDocumentUrl(fax)}
            fileName={faxDocumentFileName(fax)}
            title={t('viewer.preview.viewerTitle', { number: sender, when: receivedAt })}
          />
        ) : (
          <div className="empty-state fax-pages-later">
            <Icon name={fax.status === 'RECEIVING' ? 'loader-circle' : 'ban'} />
            <p>{t(fax.status === 'RECEIVING' ? 'viewer.preview.pagesLater' : 'viewer.preview.missed')}</p>
          </div>
        )
      }
    />
  );
}
