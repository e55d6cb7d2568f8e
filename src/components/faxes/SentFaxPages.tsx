import sentLater from 'virtual:message/viewer.sentLater';
import faxDetailsMessages from 'virtual:messages/faxDetails';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import FaxViewer from '../viewer/FaxViewer';
import { faxDocumentFileName, faxDocumentUrl } from './document-link';
import { recipientText } from './fax-text';

const t = translator({ faxDetails: faxDetailsMessages, viewer: { sentLater } });

/**
 * The fax as transmitted, cover page included. Until the first attempt starts only the upload is
 * stored (maybe a photo, not yet a PDF), so the viewer waits for the PDF that is actually sent.
 */
export default function SentFaxPages({ fax }: { fax: FaxView }) {
  const transmitted = fax.status !== 'QUEUED' || fax.attempt > 1;
  if (!transmitted) {
    return (
      <div className="empty-state fax-pages-later">
        <Icon name={fax.sendAt !== null ? 'calendar-clock' : 'clock'} />
        <p>{t('viewer.sentLater')}</p>
      </div>
    );
  }
  return (
    <FaxViewer
      documentUrl={faxDocumentUrl(fax)}
      fileName={faxDocumentFileName(fax)}
      title={t('faxDetails.heading', { number: recipientText(fax) })}
      detailsHref="#fax-details"
    />
  );
}
