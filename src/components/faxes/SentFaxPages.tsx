import type { FaxView } from '../../common/faxes';
import faxDetailsMessages from 'virtual:messages/faxDetails';
import viewerMessages from 'virtual:messages/viewer';
import { translator } from '../../i18n/translator';
import FaxViewer from '../viewer/FaxViewer';
import { faxDocumentFileName, faxDocumentUrl } from './document-link';
import { recipientText } from './fax-text';

const t = translator({ faxDetails: faxDetailsMessages, viewer: viewerMessages });

/**
 * The fax as transmitted, cover page included. Until the first attempt starts only the upload is
 * stored (maybe a photo, not yet a PDF), so the viewer waits for the PDF that is actually sent.
 */
export default function SentFaxPages({ fax }: { fax: FaxView }) {
  const transmitted = fax.status !== 'QUEUED' || fax.attempt > 1;
  return (
    <section className="card" aria-labelledby="fax-pages-heading">
      <h2 id="fax-pages-heading">{t('viewer.pagesHeading')}</h2>
      {transmitted ? (
        <FaxViewer
          documentUrl={faxDocumentUrl(fax)}
          fileName={faxDocumentFileName(fax)}
          title={t('faxDetails.heading', { number: recipientText(fax) })}
        />
      ) : (
        <p className="muted">{t('viewer.sentLater')}</p>
      )}
    </section>
  );
}
