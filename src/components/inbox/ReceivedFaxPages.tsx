import type { FaxView } from '../../common/faxes';
import inboxMessages from 'virtual:messages/inbox';
import { translator } from '../../i18n/translator';
import { faxDocumentFileName, faxDocumentUrl } from '../faxes/document-link';
import FaxViewer from '../viewer/FaxViewer';
import { senderText } from './inbox-text';
import { pagesArrived } from './pages-arrived';

const t = translator({ inbox: inboxMessages });

/** The received pages, once the fax has arrived. */
export default function ReceivedFaxPages({ fax }: { fax: FaxView }) {
  return (
    <section className="card" aria-labelledby="fax-pages-heading">
      <h2 id="fax-pages-heading">{t('inbox.details.viewerHeading')}</h2>
      {pagesArrived(fax) ? (
        <>
          <FaxViewer
            documentUrl={faxDocumentUrl(fax)}
            fileName={faxDocumentFileName(fax)}
            title={t('inbox.details.heading', { number: senderText(fax) })}
          />
          <p>
            <a href={`/preview?faxId=${encodeURIComponent(fax.id)}`}>{t('inbox.details.preview')}</a>
          </p>
        </>
      ) : (
        <p className="muted">{t('inbox.details.viewerLater')}</p>
      )}
    </section>
  );
}
