import inboxMessages from 'virtual:messages/inbox';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { faxDocumentFileName, faxDocumentUrl } from '../faxes/document-link';
import Icon from '../icons/Icon';
import FaxViewer from '../viewer/FaxViewer';
import { senderText } from './inbox-text';
import { pagesArrived } from './pages-arrived';

const t = translator({ inbox: inboxMessages });

/** The received pages, once the fax has arrived. */
export default function ReceivedFaxPages({ fax }: { fax: FaxView }) {
  if (!pagesArrived(fax)) {
    return (
      <div className="empty-state fax-pages-later">
        <Icon name={fax.status === 'RECEIVING' ? 'loader-circle' : 'ban'} />
        <p>{t(fax.status === 'RECEIVING' ? 'inbox.details.viewerLater' : 'inbox.details.missed')}</p>
      </div>
    );
  }
  return (
    <FaxViewer
      documentUrl={faxDocumentUrl(fax)}
      fileName={faxDocumentFileName(fax)}
      title={t('inbox.details.heading', { number: senderText(fax) })}
      detailsHref="#fax-details"
    />
  );
}
