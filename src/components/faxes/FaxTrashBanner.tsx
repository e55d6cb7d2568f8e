import faxActionsMessages from 'virtual:messages/faxActions';
import type { FaxView } from '../../common/faxes';
import { trashPurgeAt } from '../../common/trash-rules';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import { useTimeZone } from '../time/time-zone';

const t = translator({ faxActions: faxActionsMessages });

/** A fax in the trash says so, and when it goes for good; restoring it is the page's first action. */
export default function FaxTrashBanner({ fax }: { fax: FaxView }) {
  const timeZone = useTimeZone();
  if (fax.trashedAt === null) return null;
  return (
    <div className="banner warn">
      <Icon name="trash-2" />
      <p className="banner-text" role="status">
        {t('faxActions.inTrash', { date: formatDateTime(trashPurgeAt(fax.trashedAt), timeZone) })}
      </p>
    </div>
  );
}
