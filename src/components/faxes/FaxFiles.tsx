import type { FaxView } from '../../common/faxes';
import faxDetailsMessages from 'virtual:messages/faxDetails';
import { translator } from '../../i18n/translator';

const t = translator({ faxDetails: faxDetailsMessages });

/** The PDF as transmitted and, once delivered, the delivery confirmation. */
export default function FaxFiles({ fax }: { fax: FaxView }) {
  const base = `/api/faxes/${encodeURIComponent(fax.id)}`;
  return (
    <section className="card" aria-labelledby="fax-files-heading">
      <h2 id="fax-files-heading">{t('faxDetails.downloadsHeading')}</h2>
      <ul className="fax-files">
        <li>
          <a href={`${base}/document`} download>
            {t('faxDetails.downloadDocument')}
          </a>
        </li>
        <li>
          {fax.status === 'DELIVERED' ? (
            <a href={`${base}/confirmation`} download>
              {t('faxDetails.downloadConfirmation')}
            </a>
          ) : (
            <span className="muted">{t('faxDetails.confirmationLater')}</span>
          )}
        </li>
      </ul>
    </section>
  );
}
