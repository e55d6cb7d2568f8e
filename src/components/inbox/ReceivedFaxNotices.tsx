import type { FaxView } from '../../common/faxes';
import inboxMessages from 'virtual:messages/inbox';
import { translator } from '../../i18n/translator';
import { pagesText } from '../faxes/fax-text';

const t = translator({ inbox: inboxMessages });

/** What a received fax lacks: the pages a broken call did not bring, the credits it went beyond. */
export default function ReceivedFaxNotices({ fax }: { fax: FaxView }) {
  if (!fax.partial && fax.uncoveredPages <= 0) return null;
  return (
    <section className="card notice" aria-label={t('inbox.details.notices')}>
      {fax.partial && <p>{t('inbox.details.partial', { pages: pagesText(fax.pageCount) })}</p>}
      {fax.uncoveredPages > 0 && (
        <p>
          {t('inbox.details.uncovered', { pages: pagesText(fax.uncoveredPages) })} <a href="/upgrade">{t('inbox.details.upgrade')}</a>
        </p>
      )}
    </section>
  );
}
