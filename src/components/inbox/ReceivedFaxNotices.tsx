import inboxMessages from 'virtual:messages/inbox';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { pagesText } from '../faxes/fax-text';
import Icon from '../icons/Icon';

const t = translator({ inbox: inboxMessages });

/** What a received fax lacks: the pages a broken call did not bring, the credits it went beyond. */
export default function ReceivedFaxNotices({ fax }: { fax: FaxView }) {
  return (
    <>
      {fax.partial && (
        <div className="banner warn">
          <Icon name="triangle-alert" />
          <p className="banner-text">{t('inbox.details.partial', { pages: pagesText(fax.pageCount) })}</p>
        </div>
      )}
      {fax.uncoveredPages > 0 && (
        <div className="banner warn">
          <Icon name="triangle-alert" />
          <p className="banner-text">{t('inbox.details.uncovered', { pages: pagesText(fax.uncoveredPages) })}</p>
          <a className="button secondary small" href="/upgrade">
            {t('inbox.details.upgrade')}
          </a>
        </div>
      )}
    </>
  );
}
