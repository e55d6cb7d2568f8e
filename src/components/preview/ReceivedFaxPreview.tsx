import { useEffect, useRef, useState } from 'react';
import type { FaxView } from '../../common/faxes';
import { formatDateTime } from '../../i18n/dates';
import viewerMessages from 'virtual:messages/viewer';
import { translator } from '../../i18n/translator';
import { markReadOnOpen, setFaxReadStatus } from '../../stores/fax-read';
import { faxDocumentFileName, faxDocumentUrl } from '../faxes/document-link';
import { pagesText } from '../faxes/fax-text';
import { receivedPages } from '../inbox/inbox-text';
import { pagesArrived } from '../inbox/pages-arrived';
import FaxViewer from '../viewer/FaxViewer';
import LocalTime from '../time/LocalTime';
import { useTimeZone } from '../time/time-zone';
import { previewSenderText } from './preview-text';

const t = translator({ viewer: viewerMessages });

/** A received fax: who sent it, when, its pages in the viewer, and read/unread. */
export default function ReceivedFaxPreview({ fax: pushed }: { fax: FaxView }) {
  // The answer to "Mark as unread" shows at once; the next pushed or read version replaces it.
  const [answered, setAnswered] = useState<FaxView | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
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
    setFailed(null);
    const result = await setFaxReadStatus(fax.id, fax.read ? 'unread' : 'read');
    setBusy(false);
    if (result.ok) setAnswered(result.data.fax);
    else setFailed(result.message);
  };

  return (
    <div className="fax-page fax-preview">
      <p>
        <a href="/inbox">{t('viewer.preview.back')}</a>
      </p>
      <header className="page-header">
        <h1>{t('viewer.preview.heading', { number: sender })}</h1>
        {fax.status !== 'RECEIVING' && (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void toggleRead()}>
            {t(fax.read ? 'viewer.preview.markUnread' : 'viewer.preview.markRead')}
          </button>
        )}
      </header>
      {failed && (
        <p className="form-error" role="alert">
          {t('viewer.preview.markFailed', { reason: failed })}
        </p>
      )}
      <dl className="fax-facts preview-facts">
        <div>
          <dt>{t('viewer.preview.from')}</dt>
          <dd>{sender}</dd>
        </div>
        <div>
          <dt>{t('viewer.preview.receivedAt')}</dt>
          <dd>
            <LocalTime at={fax.completed ?? fax.start} />
          </dd>
        </div>
        <div>
          <dt>{t('viewer.preview.pages')}</dt>
          <dd>{pagesText(receivedPages(fax))}</dd>
        </div>
      </dl>
      {pagesArrived(fax) ? (
        <FaxViewer
          documentUrl={faxDocumentUrl(fax)}
          fileName={faxDocumentFileName(fax)}
          title={t('viewer.preview.viewerTitle', { number: sender, when: receivedAt })}
        />
      ) : (
        <p className="muted">{t(fax.status === 'RECEIVING' ? 'viewer.preview.pagesLater' : 'viewer.preview.missed')}</p>
      )}
    </div>
  );
}
